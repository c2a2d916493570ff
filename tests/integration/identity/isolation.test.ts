import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '#server/db/schema.ts';
import { createHarness } from '../app-harness.ts';
import {
  browser,
  type Harness,
  HIKARI,
  HIKARI_CONSENT,
  HIKARI_PASSWORD,
  hikariDoc,
  hikariForm,
  latestCode,
  latestResetToken,
  loginWithPassword,
  MIDORI,
  MIDORI_PASSWORD,
  midoriDoc,
  midoriForm,
  movableClock,
  SECOND,
  seedMember,
  signUp,
  uniqueEmail,
  uniqueUserId,
} from './support.ts';

// Two stores in one deployment: nothing a browser holds for one (session, flow, code, link)
// works on the other, and the same person may be a member of both as two accounts.

const clock = movableClock();
let h: Harness;

beforeAll(async () => {
  // OUTBOX_PAGE=any: app.request carries no socket, so the outbox would answer 404 (local clients only).
  h = await createHarness({ OUTBOX_PAGE: 'any' }, clock.now);
  await h.apply(hikariDoc());
  await h.apply(midoriDoc());
});
afterAll(() => h.close());

const readCode = (email: string) => latestCode(h, email);

describe('isolation between stores', () => {
  it('the same e-mail signs up in both stores as two separate accounts', async () => {
    const email = uniqueEmail('both');
    const onMidori = browser(h, MIDORI);
    expect((await signUp(onMidori, email, midoriForm(), { readCode })).status).toBe(200);
    clock.advance(31 * SECOND);
    const onHikari = browser(h, HIKARI);
    expect((await signUp(onHikari, email, hikariForm(uniqueUserId()), { consent: HIKARI_CONSENT, readCode })).status).toBe(200);

    const rows = await h.database.admin.select().from(accounts).where(eq(accounts.email, email));
    expect(rows.map((r) => r.storeId).sort()).toEqual(['hikari', 'midori']);
    expect(rows[0]?.id).not.toBe(rows[1]?.id);
    expect(rows[0]?.publicId).not.toBe(rows[1]?.publicId);
    expect(onMidori.jar.get('auid')).not.toBe(onHikari.jar.get('auid'));

    expect((await loginWithPassword(browser(h, MIDORI), email, MIDORI_PASSWORD)).status).toBe(200);
    expect((await loginWithPassword(browser(h, MIDORI), email, HIKARI_PASSWORD)).status).toBe(401);
    expect((await loginWithPassword(browser(h, HIKARI), email, HIKARI_PASSWORD)).status).toBe(200);
    expect((await loginWithPassword(browser(h, HIKARI), email, MIDORI_PASSWORD)).status).toBe(401);
  });

  /** A member of midori signed in there, and a browser on hikari holding the same cookies. */
  async function carriedSession() {
    const email = uniqueEmail('session');
    const account = await seedMember(h, 'midori', { email, password: MIDORI_PASSWORD });
    await seedMember(h, 'hikari', { email, password: HIKARI_PASSWORD, userId: uniqueUserId() });
    const b = browser(h, MIDORI);
    await loginWithPassword(b, email, MIDORI_PASSWORD);
    const elsewhere = browser(h, HIKARI);
    for (const name of ['sid', 'auid', 'latid']) elsewhere.jar.set(name, b.jar.get(name) ?? '');
    return { b, elsewhere, account, email };
  }

  it('a session of one store is no session on the other', async () => {
    const { b, elsewhere, account } = await carriedSession();
    expect(await elsewhere.authId()).toBe('');
    expect((await elsewhere.screen('/signup/plans')).body).toEqual({ redirectTo: '/login?redirectTo=%2Fsignup%2Fplans' });
    expect((await elsewhere.screen('/login')).body).toMatchObject({ loginType: 'password' });
    expect(await b.authId()).toBe(account.publicId);
  });

  it('logging out on one store with another store’s sid leaves that session alone', async () => {
    // server/platform/sessions/repo.ts delete(token) has no store condition (docs/architecture.md, Data:
    // "a query without a store sees no row"); endSession() (now server/platform/http/cookies.ts) calls it with
    // whatever sid cookie arrived, so hikari's /logout ends a midori session.
    const { b, elsewhere, account } = await carriedSession();
    await elsewhere.screen('/logout', { 'sec-fetch-site': 'same-origin' });
    expect(await b.authId()).toBe(account.publicId);
  });

  it('logging in on one store with another store’s sid leaves that session alone', async () => {
    // startSession() (now the session service's signIn) "rotates" by ending the incoming sid through the same
    // store-less delete, so a login on hikari ends the midori session the cookie named.
    const { b, elsewhere, account, email } = await carriedSession();
    expect((await loginWithPassword(elsewhere, email, HIKARI_PASSWORD)).status).toBe(200);
    expect(await b.authId()).toBe(account.publicId);
  });

  it('a sign-up flow and its code of one store do not carry to the other', async () => {
    const email = uniqueEmail('flow');
    const onMidori = browser(h, MIDORI);
    await onMidori.post('/zapi/signup/email', { type: 'signUp', email });
    const midoriCode = await latestCode(h, email);

    const carried = browser(h, HIKARI);
    carried.jar.set('sgf', onMidori.jar.get('sgf') ?? '');
    expect((await carried.screen('/signup/pin-code')).body).toEqual({ redirectTo: '/signup/email' });
    expect((await carried.post('/zapi/signup/pin-code', { pinCode: midoriCode })).body.code).toBe('SIGNUP_FLOW_EXPIRED');

    // hikari's own flow for the same address is not proven by midori's code.
    const onHikari = browser(h, HIKARI);
    await onHikari.post('/zapi/signup/policy', { policyConsentData: HIKARI_CONSENT });
    await onHikari.post('/zapi/signup/email', { type: 'signUp', email });
    const hikariCode = await latestCode(h, email);
    if (hikariCode !== midoriCode)
      expect((await onHikari.post('/zapi/signup/pin-code', { pinCode: midoriCode })).body.code).toBe('PIN_CODE_ERROR');
    expect((await onHikari.post('/zapi/signup/pin-code', { pinCode: hikariCode })).status).toBe(200);
    // ...and midori's code still proves midori's flow.
    expect((await onMidori.post('/zapi/signup/pin-code', { pinCode: midoriCode })).status).toBe(200);
  });

  it('a login code and its flow of one store do not sign in on the other', async () => {
    const email = uniqueEmail('code');
    await seedMember(h, 'midori', { email, password: MIDORI_PASSWORD });
    await seedMember(h, 'hikari', { email, password: HIKARI_PASSWORD, userId: uniqueUserId() });
    const onMidori = browser(h, MIDORI);
    await onMidori.post('/login/code', { emailUserId: email });
    const code = await latestCode(h, email);

    const carried = browser(h, HIKARI);
    carried.jar.set('lgf', onMidori.jar.get('lgf') ?? '');
    expect((await carried.post('/login', { authCode: code, userIdentifierMethod: 'AuthCode' })).body.code).toBe('INVALID_SESSION_FLOW');

    const onHikari = browser(h, HIKARI);
    await onHikari.post('/login/code', { emailUserId: email });
    const hikariCode = await latestCode(h, email);
    if (hikariCode !== code)
      expect((await onHikari.post('/login', { authCode: code, userIdentifierMethod: 'AuthCode' })).body.code).toBe('PIN_CODE_ERROR');
    expect(onHikari.jar.has('sid')).toBe(false);
    expect((await onMidori.post('/login', { authCode: code, userIdentifierMethod: 'AuthCode' })).status).toBe(200);
  });

  it('asking for a login code on one store leaves the other store’s code-login flow alone', async () => {
    // server/features/login/routes.ts POST /login/code deletes the flow named by the incoming lgf
    // cookie with flows.delete(token), which has no store (or kind) condition.
    const email = uniqueEmail('code-flow');
    await seedMember(h, 'midori', { email, password: MIDORI_PASSWORD });
    const onMidori = browser(h, MIDORI);
    await onMidori.post('/login/code', { emailUserId: email });
    const code = await latestCode(h, email);
    const carried = browser(h, HIKARI);
    carried.jar.set('lgf', onMidori.jar.get('lgf') ?? '');
    await carried.post('/login/code', { emailUserId: uniqueEmail('someone') });
    expect((await onMidori.post('/login', { authCode: code, userIdentifierMethod: 'AuthCode' })).status).toBe(200);
  });

  it('a reset link of one store does not work on the other', async () => {
    const email = uniqueEmail('reset');
    await seedMember(h, 'midori', { email, password: MIDORI_PASSWORD });
    await seedMember(h, 'hikari', { email, password: HIKARI_PASSWORD, userId: uniqueUserId() });
    await browser(h, MIDORI).post('/zapi/auth/password/forgot', { email });
    const token = await latestResetToken(h, email);

    expect((await browser(h, HIKARI).screen(`/password/reset?token=${token}`)).body.tokenValid).toBe(false);
    const onHikari = await browser(h, HIKARI).post('/zapi/auth/password/reset', {
      token,
      password: 'Other#2026pw',
      passwordConfirm: 'Other#2026pw',
    });
    expect(onHikari.body.code).toBe('INVALID_RESET_TOKEN');
    expect((await loginWithPassword(browser(h, HIKARI), email, HIKARI_PASSWORD)).status).toBe(200);
    expect((await browser(h, MIDORI).screen(`/password/reset?token=${token}`)).body.tokenValid).toBe(true);
  });

  it('the outbox page of a store lists only that store’s mail', async () => {
    const email = uniqueEmail('outbox');
    await browser(h, MIDORI).post('/zapi/signup/email', { type: 'signUp', email });
    const midori = (await browser(h, MIDORI).screen('/dev/outbox')).body.mails as { to: string }[];
    const hikari = (await browser(h, HIKARI).screen('/dev/outbox')).body.mails as { to: string }[];
    expect(midori.some((m) => m.to === email)).toBe(true);
    expect(hikari.some((m) => m.to === email)).toBe(false);
  });
});
