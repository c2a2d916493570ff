// The billing run asked of a running server by the command line (decisions 0028, 0029): only a
// client on this machine (loopback, nothing relayed) with the server's token is answered; the
// answer is one JSON line per batch and the totals.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '#server/base/logger.ts';
import { ADMIN_BILLING_PATH, billingAdminRoutes } from '#server/features/billing/admin-run.ts';
import { adminApp } from '#server/platform/http/admin-door.ts';
import { createTestDatabase } from '../../helpers/test-db.ts';
import { createFakeGateway } from '../purchase/fake-gateway.ts';
import { contractRows, engineOver, seedContracts, seedStores } from './support.ts';

const TOKEN = 'a'.repeat(43);
const fake = createFakeGateway();
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: ReturnType<typeof adminApp>;

const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
const ask = (body: unknown, opts: { token?: string; address?: string; headers?: Record<string, string> } = {}) =>
  app.request(
    ADMIN_BILLING_PATH,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(opts.token === undefined ? {} : { authorization: `Bearer ${opts.token}` }),
        ...opts.headers,
      },
      body: JSON.stringify(body),
    },
    from(opts.address ?? '127.0.0.1'),
  );

beforeAll(async () => {
  database = await createTestDatabase();
  await seedStores(database.db);
  app = adminApp(TOKEN, [billingAdminRoutes({ engine: engineOver(database.db, fake.gateway), log: createLogger('silent') })]);
});
afterAll(() => database?.drop());

const RUN = { at: '2027-01-05T00:00:00.000Z', batchSize: 1, concurrency: 4 };

it('refuses a caller without the token, with another token, or from another machine, and runs nothing', async () => {
  const [id] = await seedContracts(database.db, [{ nextSettlementDay: '2027-01-05' }]);
  expect((await ask(RUN)).status).toBe(403);
  expect((await ask(RUN, { token: 'b'.repeat(43) })).status).toBe(403);
  expect((await ask(RUN, { token: TOKEN.slice(1) })).status).toBe(403);
  expect((await ask(RUN, { token: TOKEN, address: '192.0.2.7' })).status).toBe(403);
  expect((await ask(RUN, { token: TOKEN, address: '::ffff:192.0.2.7' })).status).toBe(403);
  // A proxy on this machine connects from loopback: what it marks as relayed is refused too,
  // whatever the token (issue 19, defect 9).
  const relayed: Record<string, string>[] = [
    { 'x-forwarded-for': '203.0.113.9' },
    { forwarded: 'for=203.0.113.9' },
    { 'x-real-ip': '203.0.113.9' },
    { 'x-forwarded-host': 'aozora.example.jp' },
  ];
  for (const headers of relayed) expect((await ask(RUN, { token: TOKEN, headers })).status, JSON.stringify(headers)).toBe(403);
  expect((await contractRows(database.db)).get(id as string)?.period_no).toBe(0);
});

it('refuses a malformed request with 400', async () => {
  for (const body of [{}, { ...RUN, at: 'tomorrow' }, { ...RUN, batchSize: 0 }, { ...RUN, extra: 1 }, 'run'])
    expect((await ask(body, { token: TOKEN })).status, JSON.stringify(body)).toBe(400);
  const wrongPath = await app.request(
    '/_admin/other',
    { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } },
    from('127.0.0.1'),
  );
  expect(wrongPath.status).toBe(404);
});

it('runs the billing at the given time and answers a line per batch, then the totals', async () => {
  const res = await ask(RUN, { token: TOKEN, address: '::1' });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
  const lines = (await res.text())
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  // The contract seeded above (the refused calls left it due), then nothing more: one batch.
  expect(lines).toEqual([
    { batch: expect.objectContaining({ renewed: 1, batches: 1 }) },
    { summary: expect.objectContaining({ renewed: 1, failed: 0, batches: 1 }) },
  ]);
  const again = await ask(RUN, { token: TOKEN });
  expect((await again.text()).trim()).toBe(
    JSON.stringify({ summary: { renewed: 0, failed: 0, held: 0, cancelled: 0, skipped: 0, batches: 0 } }),
  );
});
