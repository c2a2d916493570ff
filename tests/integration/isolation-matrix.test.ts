import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenDataSchemas } from '#domain/screen-data.ts';
import { screenLoaders } from '#server/app/screen-loaders.ts';
import { accounts, pageStylesheets } from '#server/db/schema.ts';
import { inStore } from '#server/db/scope.ts';
import { createPasswordResetRepo } from '#server/features/password-reset/repo.ts';
import { createPaymentMethodRepo } from '#server/features/payment-methods/repo.ts';
import { createFlowRepo } from '#server/platform/flows/repo.ts';
import { createSessionRepo, newToken } from '#server/platform/sessions/repo.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';
import { TINY_JPEG_DATA_URL, validAccountEdit, validSignupForm } from '../helpers/call-seeds.ts';
import { type DbSnapshot, SHARED, snapshotDatabase, storeDiff } from '../helpers/db-snapshot.ts';
import { type RouteKey, routeTable } from '../helpers/route-table.ts';
import { createHarness } from './app-harness.ts';
import {
  type Answer,
  browser,
  hikariDoc,
  hikariForm,
  latestCode,
  latestResetToken,
  loginWithPassword,
  midoriDoc,
  signUp,
  uniqueEmail,
  uniqueUserId,
} from './identity/support.ts';

// Issue 6, "suites that stay": every route the app registers (and every page loader the screen
// runner knows) x two stores with different settings x three callers (a guest, a member of the
// store called, the other store's member carrying their own cookies to it). No answer of one store
// may contain anything distinctive of the other, and no row of the other store may change.
// Routes are read from the route table, so a route added later is covered, or fails here for want
// of a request recipe.

// OUTBOX_PAGE=any: app.request has no socket, and the outbox page is one of the reads to check.
const h = await createHarness({ OUTBOX_PAGE: 'any' });
afterAll(() => h.close());

const DAY = 86_400_000;
const HOURS = 3_600_000;

// ---------------------------------------------------------------------------------------------
// Two stores, each with a member and some rows: sessions, login history, flows, resets, mail.

type Side = 'A' | 'B';
type Member = { email: string; password: string; userId: string | null; accountId: string; publicId: string };
type Store = {
  side: Side;
  host: string;
  ctx: StoreContext;
  planId: string;
  member: Member;
  /** A reset link mailed to the member (valid). */
  resetToken: string;
  /** A card the member registered (payment_methods): its id. */
  paymentMethodId: string;
  /** Strings only this store holds: none may appear in the other store's answers. */
  secrets: string[];
};

// Letters only: a run of six digits in a store's name would be read as the code in its mails.
const tag = randomUUID()
  .slice(0, 6)
  .replace(/\d/g, (d) => 'ghijklmnop'[Number(d)] ?? 'g');
const docs = {
  A: hikariDoc({
    storeId: `alpha${tag}`,
    hosts: ['alpha.iso.localhost'],
    serviceName: `アルファ映像館${tag}`,
    features: { userId: true, newsletter: true, pinCode: true },
    consentOptions: [{ consentOptionId: `alpha-news-${tag}`, key: 'newsletter', title: { ja: `アルファ便り${tag}` } }],
    plans: [{ planId: `alpha-only-plan-${tag}`, planType: 'subscription', planName: { ja: `アルファ見放題${tag}` }, price: 990 }],
    paymentMethods: ['SbpsCredit', 'SbpsDocomo', 'PaypalRest'],
  }),
  B: midoriDoc({
    storeId: `beta${tag}`,
    hosts: ['beta.iso.localhost'],
    serviceName: `ベータシアター${tag}`,
    defaultLoginType: 'authCode',
    features: { privacy: true },
    consentOptions: [{ consentOptionId: `beta-research-${tag}`, key: 'privacy', title: { ja: `ベータ調査${tag}` } }],
    signupFields: { nickname: 'NOT_USE', phoneNumber: 'OPTIONAL', name: 'REQUIRED' },
    plans: [{ planId: `beta-only-plan-${tag}`, planType: 'subscription', planName: { ja: `ベータ月額${tag}` }, price: 500 }],
    paymentMethods: ['SbpsCredit', 'SbpsDocomo'],
  }),
};
const PASSWORD = { A: 'Alpha#2026ok', B: 'beta2026ok' };
const NEW_PASSWORD = { A: 'Alpha#2027ok', B: 'beta2027ok' };
const NAME = { A: `蒼井 アルファ${tag}`.slice(0, 20), B: `紅林 ベータ${tag}`.slice(0, 20) };

const stores = {} as Record<Side, Store>;
const other = (s: Side): Side => (s === 'A' ? 'B' : 'A');

async function seedStore(side: Side): Promise<Store> {
  const doc = docs[side];
  await h.apply(doc);
  const host = doc.hosts?.[0] as string;
  const ctx = await h.storeCache.resolveHost(host);
  if (!ctx) throw new Error(`no store for ${host}`);
  const storeId = ctx.storeId;
  const readCode = (email: string) => latestCode(h, email);
  const email = `zz-${side.toLowerCase()}-member-${tag}@${storeId}-mail.example`;
  const userId = side === 'A' ? `uid${side}${tag}`.replace(/[^A-Za-z0-9]/g, '0') : null;
  // The member signs up through the API (account, consents, welcome mail, a session).
  const signing = browser(h, host);
  const form =
    side === 'A'
      ? hikariForm(userId as string, { name: NAME.A, password: PASSWORD.A, passwordConfirm: PASSWORD.A })
      : { name: NAME.B, password: PASSWORD.B, passwordConfirm: PASSWORD.B };
  const consent = ctx.settings.policies.map((p) => ({ policyId: p.policyId, revision: p.revision, agreed: true }));
  const done = await signUp(signing, email, form, { consent: ctx.settings.signupPolicyFirst ? consent : undefined, readCode });
  if (done.status !== 200) throw new Error(`sign-up on ${storeId}: ${JSON.stringify(done.body)}`);
  // A login from another device (login history, a known device, a login-alert mail).
  expect((await loginWithPassword(browser(h, host), email, PASSWORD[side])).status).toBe(200);
  // A reset link (a reset row and its mail), a code-login flow (a flow, a code and its mail),
  // a sign-up in progress for another address.
  expect((await browser(h, host).post('/zapi/auth/password/forgot', { email })).status).toBe(200);
  const resetToken = await latestResetToken(h, email);
  expect((await browser(h, host).post('/login/code', { emailUserId: email })).status).toBe(200);
  const pending = `zz-${side.toLowerCase()}-pending-${tag}@${storeId}-mail.example`;
  const p = browser(h, host);
  if (ctx.settings.signupPolicyFirst) await p.post('/zapi/signup/policy', { policyConsentData: consent });
  expect((await p.post('/zapi/signup/email', { type: 'signUp', email: pending })).status).toBe(200);

  const [row] = await h.database.admin.select().from(accounts).where(eq(accounts.email, email));
  if (!row) throw new Error('member row missing');
  // A card kept for the member (as a registration keeps it; the provider's reference is made up).
  const payments = createPaymentMethodRepo(h.database.db);
  const customerRef = await inStore(storeId, () => payments.ensureCustomer(row.id, `cus_matrix_${side}${tag}`));
  const card = await inStore(storeId, () =>
    payments.add(row.id, {
      kind: 'card',
      paymentMethodType: 'SbpsCredit',
      cardRef: `card_matrix_${side}${tag}`,
      cardBrand: 'V',
      last4: '4242',
      expireDate: '203012',
    }),
  );
  const plan = ctx.settings.plans[0];
  const secrets = [email, pending, row.id, row.publicId, resetToken, ctx.settings.serviceName, storeId, host, card.id, customerRef];
  if (userId) secrets.push(userId);
  secrets.push(side === 'A' ? NAME.A : NAME.B);
  if (plan) secrets.push(plan.planId, plan.planName.ja ?? '');
  return {
    side,
    host,
    ctx,
    planId: plan?.planId ?? 'none',
    member: { email, password: PASSWORD[side], userId, accountId: row.id, publicId: row.publicId },
    resetToken,
    paymentMethodId: card.id,
    secrets: secrets.filter((s) => s.length >= 6),
  };
}

/** A page stylesheet as a render stores it (shared by stores: it holds no store value). */
const STYLESHEET = 'IsoMatrix0000001.css';

beforeAll(async () => {
  stores.A = await seedStore('A');
  stores.B = await seedStore('B');
  await h.database.db.insert(pageStylesheets).values({ file: STYLESHEET, css: '.iso{color:var(--st-accent)}' });
});

// ---------------------------------------------------------------------------------------------
// Callers. Each cell gets fresh state so one route's effect (a logout, a rotated session, a used
// reset link) does not change what the next route sees. Made straight in the database: this is
// the one place to adapt when the repositories change.

type CallerKind = 'guest' | 'member' | 'other-member';
const CALLERS: CallerKind[] = ['guest', 'member', 'other-member'];
const flows = createFlowRepo(h.database.db);
const sessions = createSessionRepo(h.database.db);
const resets = createPasswordResetRepo(h.database.db);

/** What the caller holds: cookies, and the identifiers it would type (its own, or, for a guest, the other store's). */
type Caller = { cookies: Record<string, string>; ident: Member; identStore: Store; resetToken: string };

async function callerFor(kind: CallerKind, called: Store): Promise<Caller> {
  // A guest probes with the other store's identifiers; a member uses its own; the other store's
  // member uses theirs, and carries their cookies.
  const home = kind === 'member' ? called : stores[other(called.side)];
  const cookieStore = kind === 'guest' ? called : home;
  const now = new Date();
  const storeId = cookieStore.ctx.storeId;
  const consent = cookieStore.ctx.settings.policies.map((p) => ({ policyId: p.policyId, revision: p.revision }));
  const cookies: Record<string, string> = {
    sgf: await inStore(storeId, () =>
      flows.create(
        'signUp',
        { email: uniqueEmail('matrix-flow'), emailVerifiedAt: now, policyConsent: consent.length ? consent : null },
        new Date(now.getTime() + HOURS),
      ),
    ),
    lgf: await inStore(storeId, () =>
      flows.create(
        'login',
        {
          identifier: kind === 'guest' ? uniqueEmail('matrix-code') : home.member.email,
          email: kind === 'guest' ? null : home.member.email,
          redirectTo: '/',
        },
        new Date(now.getTime() + HOURS),
      ),
    ),
  };
  if (kind !== 'guest') {
    cookies.wdf = await inStore(storeId, () =>
      flows.create('withdraw', { identifier: home.member.accountId, email: home.member.email }, new Date(now.getTime() + HOURS)),
    );
    const sid = newToken();
    await inStore(storeId, () => sessions.insert(home.member.accountId, sid, new Date(now.getTime() + DAY)));
    Object.assign(cookies, { sid, auid: home.member.publicId });
  }
  const resetToken =
    kind === 'guest'
      ? home.resetToken
      : await inStore(storeId, () => resets.create(home.member.accountId, new Date(now.getTime() + HOURS)));
  return { cookies, ident: home.member, identStore: home, resetToken };
}

// ---------------------------------------------------------------------------------------------
// Requests: one or more per route, with values substituted for path parameters.

type Req = { method: string; path: string; body?: unknown };
type Recipe = (store: Store, caller: Caller) => Req[];

const SCREEN_ROUTE = 'GET /zapi/internal/:route{.+}/screen-data';

/** Every page route the screen runner knows (each has one loader: server/app/screen-loaders.ts). */
const screenPatterns = Object.keys(screenDataSchemas);

/** A page path with its parameters filled in: the store's own id, the other store's, none. */
function screenRequests(store: Store, caller: Caller): Req[] {
  const o = stores[other(store.side)];
  const out: Req[] = [];
  for (const pattern of screenPatterns) {
    if (pattern === '/') continue; // GET /zapi/internal/screen-data, a route of its own
    const variants = pattern.includes('@planId')
      ? [store.planId, o.planId, 'no-such-plan'].map((id) => pattern.replace('@planId', id))
      : [pattern];
    for (const v of variants) {
      out.push({ method: 'GET', path: `/zapi/internal${v}/screen-data` });
      if (v === '/password/reset' || v === '/newpassword')
        out.push({ method: 'GET', path: `/zapi/internal${v}/screen-data?token=${encodeURIComponent(caller.resetToken)}` });
      if (v === '/login' || v === '/signup')
        out.push({ method: 'GET', path: `/zapi/internal${v}/screen-data?redirectTo=${encodeURIComponent(`/plans/${o.planId}`)}` });
    }
  }
  return out;
}

const post = (path: string, body: unknown): Req => ({ method: 'POST', path, body });
/** Each password change recipe sets a password not used before (the member's own changes it for good). */
let passwordChanges = 0;
const consentOf = (s: Store) => s.ctx.settings.policies.map((p) => ({ policyId: p.policyId, revision: p.revision, agreed: true }));

const RECIPES: Record<string, Recipe> = {
  'GET /healthz': () => [{ method: 'GET', path: '/healthz' }],
  'GET /styles/:file{[A-Za-z0-9_-]{16}\\.css}': () => [{ method: 'GET', path: `/styles/${STYLESHEET}` }],
  'GET /readyz': () => [{ method: 'GET', path: '/readyz' }],
  // The test video (decision 0046): the same files for every store.
  'GET /media/test/:file': () => [{ method: 'GET', path: '/media/test/test-stream.m3u8' }],
  // Not served here (no loopback socket, no token): the cells check that it says nothing of a store.
  'GET /metrics': () => [{ method: 'GET', path: '/metrics' }],
  'GET /zapi/internal/root/screen-data': () => [{ method: 'GET', path: '/zapi/internal/root/screen-data' }],
  'GET /zapi/internal/account-header/screen-data': () => [{ method: 'GET', path: '/zapi/internal/account-header/screen-data' }],
  'GET /zapi/internal/screen-data': () => [{ method: 'GET', path: '/zapi/internal/screen-data' }],
  [SCREEN_ROUTE]: screenRequests,
  'GET /zapi/postal-code/:code': () => [{ method: 'GET', path: '/zapi/postal-code/1000001' }],
  'ALL /zapi/*': (_s, c) => [
    { method: 'GET', path: `/zapi/accounts/${c.ident.publicId}` },
    post('/zapi/no-such-call', { email: c.ident.email }),
  ],
  'POST /login': (_s, c) => [
    post('/login', { emailUserId: c.ident.email, password: c.ident.password }),
    ...(c.ident.userId ? [post('/login', { emailUserId: c.ident.userId, password: c.ident.password })] : []),
    post('/login', { authCode: '123456', userIdentifierMethod: 'AuthCode' }),
  ],
  'POST /login/code': (_s, c) => [post('/login/code', { emailUserId: c.ident.email })],
  'POST /zapi/signup/policy': (s) => [post('/zapi/signup/policy', { policyConsentData: consentOf(s) })],
  'POST /zapi/signup/email': (s) => [
    post('/zapi/signup/email', {
      type: 'signUp',
      email: uniqueEmail('matrix-signup'),
      ...(s.ctx.settings.signupPolicyFirst && { policyConsentData: consentOf(s) }),
    }),
  ],
  'POST /zapi/signup/pin-code': () => [post('/zapi/signup/pin-code', { pinCode: '000000' })],
  'POST /zapi/signup': (s) => [
    post('/zapi/signup', { ...validSignupForm(s.ctx), ...(s.ctx.settings.features.userId && { userId: uniqueUserId() }) }),
  ],
  'POST /zapi/account/user-id/verify': (_s, c) => [post('/zapi/account/user-id/verify', { userId: c.ident.userId ?? 'nobody0001' })],
  'POST /zapi/account/email/send-pin-code': () => [
    post('/zapi/account/email/send-pin-code', { type: 'signUp' }),
    post('/zapi/account/email/send-pin-code', { type: 'login' }),
    post('/zapi/account/email/send-pin-code', { type: 'mailEdit' }),
    post('/zapi/account/email/send-pin-code', { type: 'passwordSetting' }),
    post('/zapi/account/email/send-pin-code', { type: 'withdraw' }),
  ],
  'POST /zapi/account/email/edit/send-pin-code': () => [
    post('/zapi/account/email/edit/send-pin-code', { email: uniqueEmail('matrix-mailedit'), type: 'mailEdit' }),
  ],
  'POST /zapi/account/email/edit': () => [post('/zapi/account/email/edit', { email: uniqueEmail('matrix-mailedit'), pinCode: '000000' })],
  'POST /zapi/account/enable-password': (s) => [
    post('/zapi/account/enable-password', { pinCode: '000000', password: NEW_PASSWORD[s.side], passwordConfirm: NEW_PASSWORD[s.side] }),
  ],
  'POST /zapi/account/password/edit': (_s, c) => [
    post('/zapi/account/password/edit', { oldPassword: c.ident.password, newPassword: `Changed#${++passwordChanges}ok` }),
  ],
  'POST /zapi/account/user-id/edit': (_s, c) => [
    post('/zapi/account/user-id/edit', { userId: uniqueUserId(), password: c.ident.password }),
  ],
  'POST /zapi/account/edit': (s) => [post('/zapi/account/edit', validAccountEdit(s.ctx))],
  'POST /zapi/account/profile-image': () => [
    post('/zapi/account/profile-image', { profileImage: TINY_JPEG_DATA_URL }),
    post('/zapi/account/profile-image', { profileImage: null }),
  ],
  'GET /zapi/account/profile-image/:key': () => [{ method: 'GET', path: '/zapi/account/profile-image/AAAAAAAAAAAAAAAAAAAAAA' }],
  'POST /zapi/account/consent': (s) => [
    ...s.ctx.settings.consentOptions.map((o) =>
      post('/zapi/account/consent', { consentOptionId: o.consentOptionId, key: o.key, value: true }),
    ),
    post('/zapi/account/consent', { consentOptionId: 'no-such-option', key: 'privacy', value: true }),
  ],
  'POST /zapi/account/pinCode/set': () => [post('/zapi/account/pinCode/set', { pinCode: '1234' })],
  'POST /zapi/account/withdraw/confirm': () => [post('/zapi/account/withdraw/confirm', { consent: true })],
  // A wrong code only: the right one would erase the member the other cells need.
  'DELETE /zapi/account/withdraw': () => [{ method: 'DELETE', path: '/zapi/account/withdraw', body: { pinCode: '000000' } }],
  'POST /zapi/account/payment-method/credit': () => [
    post('/zapi/account/payment-method/credit', { token: 'tok_matrix', tokenKey: 'k', tds2infoToken: 't', tds2infoTokenKey: 'k' }),
  ],
  'POST /zapi/account/payment-method/link': () => [
    post('/zapi/account/payment-method/link', { paymentMethodType: 'SbpsDocomo' }),
    post('/zapi/account/payment-method/link', { paymentMethodType: 'SbpsPaypay' }),
  ],
  'GET /zapi/account/payment-method/paypal': () => [{ method: 'GET', path: '/zapi/account/payment-method/paypal' }],
  'GET /zapi/account/payment-method/return': () => [
    { method: 'GET', path: '/zapi/account/payment-method/return?redirectRef=x&signature=y' },
  ],
  // The other store's card and a malformed id only: deleting the member's own would empty the list for the other cells.
  'DELETE /zapi/account/payment-method/:id': (s) => [
    { method: 'DELETE', path: `/zapi/account/payment-method/${stores[other(s.side)].paymentMethodId}` },
    { method: 'DELETE', path: '/zapi/account/payment-method/not-a-uuid' },
  ],
  // External IDs (decision 0022): a trip started, a forged callback, a form_post answer, an unlink.
  'GET /auth/authorize': () =>
    ['login', 'enableExternalAuth'].map((a) => ({ method: 'GET', path: `/auth/authorize?userIdentifierType=line&socialActionType=${a}` })),
  'GET /auth/callback': () => [{ method: 'GET', path: '/auth/callback?code=matrix&state=matrix' }],
  'POST /auth/callback/form': () => [post('/auth/callback/form', { code: 'matrix', state: 'matrix' })],
  'POST /zapi/auth/social/disable': () => [post('/zapi/auth/social/disable', { userIdentifierType: 'line' })],
  'POST /zapi/auth/password/forgot': (_s, c) => [post('/zapi/auth/password/forgot', { email: c.ident.email })],
  // Purchases (issue 9): the store's own plan and the other store's, a made-up token, a forged return.
  'POST /zapi/purchase/form/:planId': (s) =>
    [s.planId, stores[other(s.side)].planId].map((id) =>
      post(`/zapi/purchase/form/${id}`, { paymentMethodId: 'CampaignCode', campaignCode: 'MATRIX1' }),
    ),
  'POST /zapi/purchase/verify/:planId': (s) =>
    [s.planId, stores[other(s.side)].planId].map((id) =>
      post(`/zapi/purchase/verify/${id}`, { paymentMethodId: 'CampaignCode', campaignCode: 'MATRIX1' }),
    ),
  'POST /zapi/purchase/:planId': (s) => [post(`/zapi/purchase/${s.planId}`, { purchaseToken: 'made-up-token' })],
  'GET /zapi/account/payment-history/:page': () => [{ method: 'GET', path: '/zapi/account/payment-history/1' }],
  // No subscription exists in the matrix stores: a made-up id, a malformed one, the other store's method.
  'POST /zapi/subscription/:id/change-payment-method': (s) => [
    post('/zapi/subscription/00000000-0000-4000-8000-000000000000/change-payment-method', {
      paymentMethodId: stores[other(s.side)].paymentMethodId,
    }),
    post('/zapi/subscription/not-a-uuid/change-payment-method', { paymentMethodId: 'x' }),
  ],
  'POST /zapi/subscription/:id/withdraw': () => [
    post('/zapi/subscription/00000000-0000-4000-8000-000000000000/withdraw', { surveyAnswers: [] }),
  ],
  'POST /zapi/subscription/:id/withdraw/cancel': () => [post('/zapi/subscription/not-a-uuid/withdraw/cancel', {})],
  'POST /zapi/subscription/:id/re-settlement': () => [
    post('/zapi/subscription/00000000-0000-4000-8000-000000000000/re-settlement', {}),
    post('/zapi/subscription/not-a-uuid/re-settlement', {}),
  ],
  'GET /zapi/purchase/return': () => [{ method: 'GET', path: '/zapi/purchase/return?ref=forged&sig=forged' }],
  'GET /zapi/subscription/re-settlement/return': () => [
    { method: 'GET', path: '/zapi/subscription/re-settlement/return?subscriptionId=00000000-0000-4000-8000-000000000000&ref=forged' },
  ],
  'POST /api/streaks/playback/fetch': () => [post('/api/streaks/playback/fetch', { refId: 'matrix-title' })],
  // The OpenID provider's interaction steps (issue 11): a made-up interaction, a made-up grant.
  'GET /oidc/loginInteraction': () => [{ method: 'GET', path: '/oidc/loginInteraction?uid=made-up' }],
  'GET /oidc/selectAccountInteraction': () => [{ method: 'GET', path: '/oidc/selectAccountInteraction?uid=made-up' }],
  'POST /oidc/selectAccount/form': () => [post('/oidc/selectAccount/form', { uid: 'made-up' })],
  'POST /oidc/selectAccount/form/switch': () => [post('/oidc/selectAccount/form/switch', { uid: 'made-up' })],
  'POST /oidc/consent/form': () => [post('/oidc/consent/form', { uid: 'made-up', addScope: ['email'] })],
  'POST /oidc/consent/form/abort': () => [post('/oidc/consent/form/abort', { uid: 'made-up' })],
  'POST /zapi/oidc/revoke/grant/:grantId': () => [post('/zapi/oidc/revoke/grant/made-up', {})],
  // The provider's sign-in and sign-up calls (decision 0023): the member's own login, for a made-up interaction.
  'POST /oidc/login': (_s, c) => [
    post('/oidc/login', { emailUserId: c.ident.email, password: c.ident.password, uid: 'made-up' }),
    post('/oidc/login', { authCode: '123456', userIdentifierMethod: 'AuthCode', uid: 'made-up' }),
  ],
  'POST /oidc/login/code': (_s, c) => [post('/oidc/login/code', { emailUserId: c.ident.email, uid: 'made-up' })],
  'POST /zapi/oidc/signup/email': (s) => [
    post('/zapi/oidc/signup/email', {
      type: 'signUp',
      email: uniqueEmail('matrix-oidc-signup'),
      uid: 'made-up',
      ...(s.ctx.settings.signupPolicyFirst && { policyConsentData: consentOf(s) }),
    }),
  ],
  'POST /zapi/auth/password/reset': (s, c) => [
    post('/zapi/auth/password/reset', { token: c.resetToken, password: NEW_PASSWORD[s.side], passwordConfirm: NEW_PASSWORD[s.side] }),
  ],
};

/**
 * Calls whose first request must succeed for the store's own member: the matrix would prove
 * little if they were all refused (a caller's state that stopped working, say).
 */
const DOES_WORK: Record<string, (s: Store) => boolean> = {
  'POST /login': () => true,
  'POST /zapi/signup/policy': () => true,
  'POST /zapi/signup/email': () => true,
  'POST /zapi/signup': () => true,
  'POST /zapi/account/user-id/verify': (s) => s.ctx.settings.features.userId,
  'POST /zapi/auth/password/forgot': () => true,
  'POST /zapi/account/edit': () => true,
  'POST /zapi/account/profile-image': (s) => s.ctx.settings.features.profileImage,
  'POST /zapi/auth/password/reset': () => true,
  'GET /zapi/internal/account-header/screen-data': () => true,
  'POST /zapi/account/email/edit/send-pin-code': () => true,
  'POST /zapi/account/password/edit': (s) => s.ctx.settings.features.password,
  'POST /zapi/account/user-id/edit': (s) => s.ctx.settings.features.userId && s.ctx.settings.features.password,
  'POST /zapi/account/consent': (s) => s.ctx.settings.consentOptions.length > 0,
  'POST /zapi/account/pinCode/set': (s) => s.ctx.settings.features.pinCode,
  'POST /zapi/account/withdraw/confirm': () => true,
  'POST /zapi/account/payment-method/link': () => true,
  'GET /zapi/account/payment-method/paypal': (s) => s.ctx.settings.paymentMethods.includes('PaypalRest'),
};

// ---------------------------------------------------------------------------------------------
// One cell: the requests of a route, to one store, by one caller.

type Finding = string;

function send(store: Store, caller: Caller, req: Req) {
  const b = browser(h, store.host);
  for (const [k, v] of Object.entries(caller.cookies)) b.jar.set(k, v);
  if (req.method === 'DELETE') return b.delete(req.path, req.body ?? {});
  return req.method === 'GET' ? b.get(req.path) : b.post(req.path, req.body ?? {});
}

function leaks(store: Store, req: Req, a: Answer): string[] {
  const o = stores[other(store.side)];
  const said = [JSON.stringify(a.body), ...a.setCookies, a.headers.get('location') ?? ''].join('\n');
  // What the caller typed itself (an address, a token in the query) is not the store's to leak.
  // Carried cookies are not excluded: an answer naming the other store's member (its authId) is a leak.
  const sent = [req.path, JSON.stringify(req.body ?? '')].join('\n');
  return o.secrets.filter((s) => said.includes(s) && !sent.includes(s));
}

async function runCell(route: RouteKey, store: Store, kind: CallerKind): Promise<Finding[]> {
  const recipe = RECIPES[route];
  if (!recipe) throw new Error(`no recipe for ${route}`);
  const caller = await callerFor(kind, store);
  const o = stores[other(store.side)];
  const findings: Finding[] = [];
  // Mail jobs run after the answers (decision 0009): the worker's writes belong to the cell that
  // queued them, so each cell starts and ends with the queue drained.
  await h.drainMail();
  const before: DbSnapshot = await snapshotDatabase(h.database);
  const requests = recipe(store, caller);
  const first = requests[0];
  for (const req of requests) {
    const a = await send(store, caller, req);
    const where = `${req.method} ${req.path} on ${store.ctx.storeId} as ${kind}`;
    // /oidc/error raises the error page of the status in its query (default 500) on purpose (spec 2).
    if (a.status >= 500 && !req.path.startsWith('/zapi/internal/oidc/error/'))
      findings.push(`${where}: ${a.status} ${JSON.stringify(a.body).slice(0, 200)}`);
    for (const s of leaks(store, req, a))
      findings.push(`${where}: answer holds ${o.ctx.storeId}'s "${s}": ${JSON.stringify(a.body).slice(0, 300)}`);
    if (kind === 'member' && req === first && DOES_WORK[route]?.(store) && a.status >= 300)
      findings.push(
        `${where}: the member's own call did not work (${a.status} ${JSON.stringify(a.body).slice(0, 200)}), so the cell proves little`,
      );
    // A password reset that worked: the member's password is the new one from now on.
    if (route === 'POST /zapi/auth/password/reset' && a.status === 200) caller.ident.password = NEW_PASSWORD[caller.identStore.side];
    // A password or user-ID change that worked: the member's own from now on.
    const sentBody = (req.body ?? {}) as Record<string, string>;
    if (route === 'POST /zapi/account/password/edit' && a.status === 200) caller.ident.password = sentBody.newPassword ?? '';
    if (route === 'POST /zapi/account/user-id/edit' && a.status === 200) caller.ident.userId = sentBody.userId ?? null;
  }
  await h.drainMail();
  const after = await snapshotDatabase(h.database);
  const written = [
    ...storeDiff(before, after, o.ctx.storeId),
    // Rows without a store column (counters keyed by store) that name the other store.
    ...storeDiff(before, after, SHARED).filter((line) => line.includes(o.ctx.storeId)),
  ];
  for (const line of written) findings.push(`${route} on ${store.ctx.storeId} as ${kind} wrote to ${o.ctx.storeId}: ${line.slice(0, 300)}`);
  return findings;
}

// ---------------------------------------------------------------------------------------------

const routes = routeTable(h.app as never);

describe('isolation matrix: every route x two stores x three callers', () => {
  it('covers every page the screen runner knows (its one list of loaders)', () => {
    const source = readFileSync(join(process.cwd(), 'server', 'app', 'app.ts'), 'utf8');
    expect(source, 'the screen runner is built from another list: cover it here').toMatch(/createScreenRunner\(screenLoaders\(/);
    expect(Object.keys(screenLoaders(h.services, '')).sort()).toEqual([...screenPatterns].sort());
    expect(screenPatterns.length).toBeGreaterThanOrEqual(20);
  });

  it('the callers are who they claim to be', async () => {
    for (const side of ['A', 'B'] as const) {
      const store = stores[side];
      const home = stores[other(side)];
      const authId = async (on: Store, caller: Caller) =>
        (await send(on, caller, { method: 'GET', path: '/zapi/internal/root/screen-data' })).body.authId;
      expect(await authId(store, await callerFor('guest', store))).toBe('');
      expect(await authId(store, await callerFor('member', store))).toBe(store.member.publicId);
      const visitor = await callerFor('other-member', store);
      expect(await authId(home, visitor)).toBe(home.member.publicId);
      expect(await authId(store, visitor)).toBe('');
      // The outbox page is served here, so its cells check real mail lists.
      const outbox = await send(store, await callerFor('guest', store), { method: 'GET', path: '/zapi/internal/dev/outbox/screen-data' });
      expect((outbox.body.mails as { to: string }[]).some((m) => m.to === store.member.email)).toBe(true);
    }
  });

  it.each(routes)('%s has a request recipe in isolation-matrix.test.ts', (route) => {
    expect(
      RECIPES[route],
      `${route} has no request recipe: add one to RECIPES in tests/integration/isolation-matrix.test.ts`,
    ).toBeDefined();
  });

  it.each(routes.filter((r) => RECIPES[r]))(
    '%s: no cross-store read or write',
    async (route) => {
      const findings: Finding[] = [];
      for (const side of ['A', 'B'] as const) for (const kind of CALLERS) findings.push(...(await runCell(route, stores[side], kind)));
      expect(findings).toEqual([]);
    },
    120_000,
  );
});
