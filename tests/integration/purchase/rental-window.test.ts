import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '../app-harness.ts';
import { type Harness, MINUTE, movableClock } from '../identity/support.ts';
import { createFakeGateway } from './fake-gateway.ts';
import { buy, KAEDE, kaedeDoc, memberWithCard } from './support.ts';

// Issue 9: "a rental's viewing window is shown and enforced" (kaede's rental: 2 days), and a
// purchase token dies after its 30 minutes.

const clock = movableClock();
const fake = createFakeGateway();
let h: Harness;

beforeAll(async () => {
  h = await createHarness({}, clock.now, { gateway: fake.gateway });
  await h.apply(kaedeDoc());
});
afterAll(() => h.close());

describe('rental window and token lifetime', () => {
  it('plays during the 2 days, shows the end, refuses after it', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede');
    const { verify, purchase } = await buy(m.b, 'rental', { paymentMethodId: m.methodId });
    expect(verify.body.entitlementExpiration).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(purchase?.status).toBe(200);
    const during = await m.b.post('/api/streaks/playback/fetch', { refId: 'rent1' });
    expect(during.status).toBe(200);
    expect(during.body.expiresAt).toBe(verify.body.entitlementExpiration);
    const page = await m.b.screen(purchase?.body.redirectTo);
    expect(page.body.entitlementExpiration).toBe(verify.body.entitlementExpiration);
    clock.advance(2 * 24 * 60 * MINUTE + MINUTE);
    const after = await m.b.post('/api/streaks/playback/fetch', { refId: 'rent1' });
    expect(after.body).toMatchObject({ status: 403, code: 'NOT_ENTITLED' });
  });

  it('a purchase token older than 30 minutes is refused (restart), and nothing is charged', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede');
    const verify = await m.b.post('/zapi/purchase/verify/rental', { paymentMethodId: m.methodId });
    const captures = fake.state.captures.length;
    clock.advance(31 * MINUTE);
    const late = await m.b.post('/zapi/purchase/rental', { purchaseToken: verify.body.purchaseToken });
    expect(late.body).toMatchObject({ status: 409, code: 'INVALID_SESSION_FLOW' });
    expect(fake.state.captures.length).toBe(captures);
    // The confirm page sends the member back to the form.
    const confirm = await m.b.screen(`/plans/rental/confirm?token=${verify.body.purchaseToken}`);
    expect(confirm.body.redirectTo).toBe('/plans/rental');
  });
});
