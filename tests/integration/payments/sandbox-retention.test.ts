import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { browserToken, startTestSandbox, type TestSandbox } from '../../helpers/payment-sandbox.ts';

// The sandbox provider keeps no card number it no longer needs (issue 21 point 6, decision 0035):
// a token never used loses it when it expires, a deleted card when it is deleted, and the state
// file (append-only) is rewritten so no older line keeps it either.

let clock = new Date('2026-12-01T00:00:00Z');
let t: TestSandbox;
const stateFile = () => readFileSync(join(t.dataDir, 'state.jsonl'), 'utf8');

beforeAll(async () => {
  t = await startTestSandbox({ now: () => clock });
});
afterAll(() => t.close());

it('forgets the numbers of expired unused tokens and deleted cards, and keeps registered cards', async () => {
  const unused = await browserToken(t.gateway, 'store-r', { cardNumber: '3530111333300000' });
  expect(unused.ok).toBe(true);
  const kept = await browserToken(t.gateway, 'store-r', { cardNumber: '4111111111111111' });
  const dropped = await browserToken(t.gateway, 'store-r', { cardNumber: '5555555555554444' });
  if (!kept.ok || !dropped.ok) throw new Error('token refused');
  const register = (tok: typeof kept, key: string) =>
    t.gateway.registerCard({ storeId: 'store-r', customerRef: 'c-1', token: tok.token, tokenKey: tok.tokenKey, idempotencyKey: key });
  const keptCard = await register(kept, 'reg-kept');
  const droppedCard = await register(dropped, 'reg-dropped');
  if (!keptCard.ok || !droppedCard.ok) throw new Error('card refused');
  expect(
    (await t.gateway.deleteCard({ storeId: 'store-r', customerRef: 'c-1', cardRef: droppedCard.value.cardRef, idempotencyKey: 'del-1' }))
      .ok,
  ).toBe(true);
  expect(stateFile()).toContain('3530111333300000');
  expect(stateFile()).toContain('5555555555554444');

  // Before the token's life (10 minutes) ends, the unused token keeps its number.
  t.sandbox.purge();
  expect(stateFile()).toContain('3530111333300000');
  expect(stateFile()).not.toContain('5555555555554444');

  clock = new Date(clock.getTime() + 11 * 60_000);
  expect(t.sandbox.purge()).toMatchObject({ tokens: 3 });
  const after = stateFile();
  expect(after).not.toContain('3530111333300000');
  expect(after).not.toContain('5555555555554444');
  expect(after).toContain('4111111111111111'); // a registered card is the provider's to keep

  // The kept card still charges after a restart, which reads the rewritten file.
  await t.restart();
  const auth = await t.gateway.authorize({
    storeId: 'store-r',
    customerRef: 'c-1',
    source: { kind: 'card', cardRef: keptCard.value.cardRef },
    amount: 500,
    orderRef: 'o-1',
    description: 'plan',
    idempotencyKey: 'auth-1',
    returnUrl: 'http://r.localhost/return',
  });
  expect(auth.ok).toBe(true);
});
