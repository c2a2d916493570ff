import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_REDIRECTS } from '#domain/safe-redirect.test-cases.ts';
import { createHarness } from '../app-harness.ts';
import {
  browser,
  type Harness,
  HIKARI,
  HIKARI_CONSENT,
  hikariDoc,
  hikariForm,
  latestCode,
  MIDORI,
  midoriDoc,
  midoriForm,
  movableClock,
  uniqueEmail,
  uniqueUserId,
} from './support.ts';

// Issue 20, point 2: a guest who picked a plan is sent to /login?redirectTo=/plans/…, follows
// 新規登録 and signs up; the finished sign-up lands back on the plan, not on the plan list. The
// first steps carry the target in their address; the calls keep it in the sign-up flow. Only a
// path on the store is kept (safeRedirect); anything else ends as a sign-up without a target.

const clock = movableClock();
let h: Harness;
const PLAN = '/plans/monthly';
const query = (value: string) => `redirectTo=${encodeURIComponent(value)}`;

beforeAll(async () => {
  h = await createHarness({}, clock.now);
  await h.apply(hikariDoc());
  await h.apply(midoriDoc({ plans: [{ planId: 'monthly', planType: 'subscription', planName: { ja: '月額見放題' }, price: 550 }] }));
});
afterAll(() => h.close());

describe('a store without the policy first (midori)', () => {
  it('/signup keeps the plan on its way to the choice of the way in', async () => {
    const a = await browser(h, MIDORI).screen(`/signup?${query(PLAN)}`);
    expect(a.body).toEqual({ redirectTo: `/signup/auth?${query(PLAN)}` });
  });

  it('e-mail with the plan, code, form: the new member lands on the plan', async () => {
    const b = browser(h, MIDORI);
    const email = uniqueEmail('plan-return');
    expect((await b.post('/zapi/signup/email', { type: 'signUp', email, redirectTo: PLAN })).status).toBe(200);
    expect((await b.post('/zapi/signup/pin-code', { pinCode: await latestCode(h, email) })).status).toBe(200);
    const done = await b.post('/zapi/signup', midoriForm());
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ redirectTo: PLAN });
  });

  it('without a target the sign-up still ends on the plan list', async () => {
    const b = browser(h, MIDORI);
    const email = uniqueEmail('plan-none');
    await b.post('/zapi/signup/email', { type: 'signUp', email });
    await b.post('/zapi/signup/pin-code', { pinCode: await latestCode(h, email) });
    expect((await b.post('/zapi/signup', midoriForm())).body).toEqual({ redirectTo: '/signup/plans' });
  });

  it.each(HOSTILE_REDIRECTS)('%s: not kept (the page drops it, the sign-up ends on the plan list)', async (_what, value) => {
    expect((await browser(h, MIDORI).screen(`/signup?${query(value)}`)).body).toEqual({ redirectTo: '/signup/auth' });
    const b = browser(h, MIDORI);
    const email = uniqueEmail('plan-hostile');
    expect((await b.post('/zapi/signup/email', { type: 'signUp', email, redirectTo: value })).status).toBe(200);
    await b.post('/zapi/signup/pin-code', { pinCode: await latestCode(h, email) });
    expect((await b.post('/zapi/signup', midoriForm())).body).toEqual({ redirectTo: '/signup/plans' });
  });

  it('a target that is not a string is refused with the field named, and no flow starts', async () => {
    const b = browser(h, MIDORI);
    const a = await b.post('/zapi/signup/email', { type: 'signUp', email: uniqueEmail('plan-bad'), redirectTo: 42 });
    expect(a.status).toBe(400);
    expect(a.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(a.body.fields ?? {})).toContain('redirectTo');
    expect(b.jar.has('sgf'), 'no sign-up flow cookie').toBe(false);
  });
});

describe('a store that asks for the policy first (hikari)', () => {
  it('the policy page and the choice keep the plan in their addresses', async () => {
    const b = browser(h, HIKARI);
    expect((await b.screen(`/signup/auth?${query(PLAN)}`)).body).toEqual({ redirectTo: `/signup?${query(PLAN)}` });
    expect((await b.screen(`/signup/email?${query(PLAN)}`)).body).toEqual({ redirectTo: `/signup?${query(PLAN)}` });
  });

  it('consent with the plan, then e-mail, code, form: the new member lands on the plan', async () => {
    const b = browser(h, HIKARI);
    const email = uniqueEmail('hikari-plan');
    const consent = await b.post('/zapi/signup/policy', { policyConsentData: HIKARI_CONSENT, redirectTo: PLAN });
    expect(consent.body).toEqual({ redirectTo: '/signup/auth' });
    expect((await b.post('/zapi/signup/email', { type: 'signUp', email })).status).toBe(200);
    expect((await b.post('/zapi/signup/pin-code', { pinCode: await latestCode(h, email) })).status).toBe(200);
    const done = await b.post('/zapi/signup', hikariForm(uniqueUserId()));
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ redirectTo: PLAN });
  });
});
