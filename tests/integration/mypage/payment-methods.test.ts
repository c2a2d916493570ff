import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPaymentMethods, paymentCustomers } from '#server/db/schema.ts';
import { inStore } from '#server/db/scope.ts';
import { createPaymentMethodRepo } from '#server/features/payment-methods/repo.ts';
import { createPaymentMethodService } from '#server/features/payment-methods/service.ts';
import { browserToken, cardNumberTraces, decideRedirect, returnedTo } from '../../helpers/payment-sandbox.ts';
import { tenantDoc } from '../../helpers/tenant-factory.ts';
import { createHarness } from '../app-harness.ts';
import {
  type Browser,
  browser,
  countRows,
  type Harness,
  type Json,
  loginWithPassword,
  MIDORI_PASSWORD,
  seedMember,
  uniqueEmail,
} from '../identity/support.ts';

// Payment methods in My Page (issue 9): the card, link and PayPal registrations, the provider's
// signed return, deletion, over the sandbox provider. pay: every kind; cardonly: cards only;
// plain: no payment at all.

const PAY = 'pay.test.localhost';
const CARDONLY = 'cardonly.test.localhost';
const PLAIN = 'plain.test.localhost';
const VISA = '4111111111111111';
const AMEX = '378282246310005';

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
  await h.apply(tenantDoc('pay', { hosts: [PAY], paymentMethods: ['SbpsCredit', 'SbpsDocomo', 'PaypalRest', 'CampaignCode'] }));
  await h.apply(tenantDoc('cardonly', { hosts: [CARDONLY], paymentMethods: ['SbpsCredit'] }));
  await h.apply(tenantDoc('plain', { hosts: [PLAIN] }));
});
afterAll(() => h.close());

async function member(host: string, storeId: string) {
  const email = uniqueEmail(storeId);
  const account = await seedMember(h, storeId, { email, password: MIDORI_PASSWORD });
  const b = browser(h, host);
  expect((await loginWithPassword(b, email, MIDORI_PASSWORD)).status).toBe(200);
  return { b, email, account };
}

const gateway = () => {
  if (!h.payments) throw new Error('the harness has no sandbox');
  return h.payments.gateway;
};

async function addCard(b: Browser, storeId: string, cardNumber = VISA) {
  const tokens = await browserToken(gateway(), storeId, { cardNumber });
  if (!tokens.ok) throw new Error(`token refused: ${tokens.code}`);
  const { ok: _, ...body } = tokens;
  return b.post('/zapi/account/payment-method/credit', body);
}

async function methods(b: Browser) {
  const page = await b.screen('/mypage/payment-method');
  expect(page.status).toBe(200);
  return page.body.methods as Json[];
}

/** The provider sending the viewer back to the store: a top-level GET from its origin (Lax cookies come along). */
function providerReturn(b: Browser | null, host: string, returnUrl: string, fields: Record<string, string>) {
  const url = new URL(returnUrl);
  for (const [k, v] of Object.entries(fields)) url.searchParams.set(k, v);
  return h.app.request(`${url.pathname}${url.search}`, {
    headers: {
      host,
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
      ...(b?.jar.header() ? { cookie: b.jar.header() } : {}),
    },
  });
}

async function linkAndDecide(b: Browser, decision: 'approve' | 'cancel' | 'fail') {
  const link = await b.post('/zapi/account/payment-method/link', { paymentMethodType: 'SbpsDocomo' });
  expect(link.status).toBe(200);
  const decided = await decideRedirect({ url: link.body.linkUrl, params: link.body.params }, decision);
  return returnedTo(decided.location);
}

describe('the page /mypage/payment-method', () => {
  it('lists nothing at first, offers the kept types of the store, and names the provider script', async () => {
    const { b } = await member(PAY, 'pay');
    const page = await b.screen('/mypage/payment-method');
    const config = gateway().browserConfig('pay');
    expect(page.body).toEqual({
      methods: [],
      addableTypes: ['SbpsCredit', 'SbpsDocomo', 'PaypalRest'],
      cardProvider: { scriptUrl: config.scriptUrl, merchantId: config.merchantId, serviceId: config.serviceId },
      result: null,
    });
    expect((await b.screen('/mypage/payment-method?result=cancelled')).body.result).toBe('cancelled');
    expect((await b.screen('/mypage/payment-method?result=other')).body.result).toBeNull();
  });

  it('sends a guest to the login, and answers 404 where the store takes no payment', async () => {
    const guest = browser(h, PAY);
    const page = await guest.screen('/mypage/payment-method');
    expect(page.body.redirectTo).toBe(`/login?redirectTo=${encodeURIComponent('/mypage/payment-method')}`);
    const { b } = await member(PLAIN, 'plain');
    expect((await b.screen('/mypage/payment-method')).status).toBe(404);
    expect((await b.screen('/mypage/payment-method/complete')).status).toBe(404);
    expect((await b.get('/zapi/internal/root/screen-data')).body.storeStatus.isStorePaymentAvailable).toBe(false);
    expect((await guest.get('/zapi/internal/root/screen-data')).body.storeStatus.isStorePaymentAvailable).toBe(true);
  });
});

describe('POST /zapi/account/payment-method/credit', () => {
  it('keeps the card with the provider and lists brand, last digits, expiry and state; no card number is stored', async () => {
    const { b, account } = await member(PAY, 'pay');
    const added = await addCard(b, 'pay');
    expect(added).toMatchObject({ status: 200, body: { redirectTo: '/mypage/payment-method/complete' } });
    const list = await methods(b);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      paymentMethodType: 'SbpsCredit',
      SbpsCreditInfo: { cardbrandCode: 'V', cardNumberSuffix: '1111' },
      cardState: 'valid',
      label: null,
      isContractUsed: false,
    });
    expect(list[0]?.SbpsCreditInfo.expireDate).toMatch(/^\d{4}12$/);
    const rows = await h.database.admin.select().from(accountPaymentMethods).where(eq(accountPaymentMethods.accountId, account.id));
    expect(JSON.stringify(rows)).not.toContain(VISA);
    expect(rows[0]?.cardRef).toBeTruthy();
    expect(await countRows(h, paymentCustomers, eq(paymentCustomers.accountId, account.id))).toBe(1);
    expect((await b.screen('/mypage/payment-method/complete')).body).toEqual({});
  });

  it('adds an Amex as A with its own last digits, and keeps one customer per member', async () => {
    const { b, account } = await member(PAY, 'pay');
    await addCard(b, 'pay');
    expect((await addCard(b, 'pay', AMEX)).status).toBe(200);
    const list = await methods(b);
    expect(list.map((m) => m.SbpsCreditInfo.cardbrandCode)).toEqual(['V', 'A']);
    expect(list[1]?.SbpsCreditInfo.cardNumberSuffix).toBe('0005');
    expect(await countRows(h, paymentCustomers, eq(paymentCustomers.accountId, account.id))).toBe(1);
  });

  it('refuses bad input with field messages and keeps nothing', async () => {
    const { b, account } = await member(PAY, 'pay');
    const missing = await b.post('/zapi/account/payment-method/credit', { token: 'x' });
    expect(missing).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(Object.keys(missing.body.fields).sort()).toEqual(['tds2infoToken', 'tds2infoTokenKey', 'tokenKey']);
    const extra = await b.post('/zapi/account/payment-method/credit', {
      token: 'a',
      tokenKey: 'b',
      tds2infoToken: 'c',
      tds2infoTokenKey: 'd',
      cardNumber: VISA,
    });
    expect(extra).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', fields: { cardNumber: expect.any(String) } } });
    expect((await b.post('/zapi/account/payment-method/credit', 'not json')).body.code).toBe('BAD_REQUEST');
    expect((await b.post('/zapi/account/payment-method/credit', [1])).body.code).toBe('BAD_REQUEST');
    expect(await countRows(h, accountPaymentMethods, eq(accountPaymentMethods.accountId, account.id))).toBe(0);
  });

  it('refuses an unknown, reused or other store’s token with CARD_REGISTRATION_FAILED, in the viewer’s language', async () => {
    const { b, account } = await member(PAY, 'pay');
    const unknown = await b.post('/zapi/account/payment-method/credit', {
      token: 'tok_x',
      tokenKey: 'k',
      tds2infoToken: 't',
      tds2infoTokenKey: 'k',
    });
    expect(unknown).toMatchObject({
      status: 400,
      body: { code: 'CARD_REGISTRATION_FAILED', message: 'クレジットカードの登録に失敗しました' },
    });
    const en = await b.post(
      '/zapi/account/payment-method/credit',
      { token: 'tok_x', tokenKey: 'k', tds2infoToken: 't', tds2infoTokenKey: 'k' },
      { 'accept-language': 'en', cookie: `${b.jar.header()}; lang=en` },
    );
    expect(en.body.message).toBe('The credit card could not be registered');
    const other = await browserToken(gateway(), 'cardonly', { cardNumber: VISA });
    if (!other.ok) throw new Error(other.code);
    const { ok: _, ...otherBody } = other;
    expect((await b.post('/zapi/account/payment-method/credit', otherBody)).body.code).toBe('CARD_REGISTRATION_FAILED');
    expect(await countRows(h, accountPaymentMethods, eq(accountPaymentMethods.accountId, account.id))).toBe(0);
  });

  it('keeps one method when the same token is sent twice (a double click)', async () => {
    const { b } = await member(PAY, 'pay');
    const tokens = await browserToken(gateway(), 'pay', { cardNumber: VISA });
    if (!tokens.ok) throw new Error(tokens.code);
    const { ok: _, ...body } = tokens;
    const [first, second] = await Promise.all([
      b.post('/zapi/account/payment-method/credit', body),
      b.post('/zapi/account/payment-method/credit', body),
    ]);
    expect([first.status, second.status].sort()).toContain(200);
    expect(await methods(b)).toHaveLength(1);
  });

  it('refuses a store that takes no cards, and a guest', async () => {
    const { b } = await member(PLAIN, 'plain');
    const body = { token: 'a', tokenKey: 'b', tds2infoToken: 'c', tds2infoTokenKey: 'd' };
    expect((await b.post('/zapi/account/payment-method/credit', body)).body.code).toBe('PAYMENT_METHOD_TYPE_NOT_OFFERED');
    const guest = browser(h, PAY);
    expect(await guest.post('/zapi/account/payment-method/credit', body)).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    expect(await guest.post('/zapi/account/payment-method/link', { paymentMethodType: 'SbpsDocomo' })).toMatchObject({ status: 401 });
    expect(await guest.get('/zapi/account/payment-method/paypal')).toMatchObject({ status: 401 });
    expect(await guest.delete('/zapi/account/payment-method/00000000-0000-4000-8000-000000000000', {})).toMatchObject({ status: 401 });
  });
});

describe('POST /zapi/account/payment-method/link and the provider’s return', () => {
  it('starts the carrier’s page, and an approved return keeps the agreement with its label', async () => {
    const { b, account } = await member(PAY, 'pay');
    const link = await b.post('/zapi/account/payment-method/link', { paymentMethodType: 'SbpsDocomo' });
    expect(link.status).toBe(200);
    expect(link.body.linkUrl.startsWith(gateway().browserConfig('pay').origin)).toBe(true);
    expect(typeof link.body.params).toBe('object');
    const decided = await decideRedirect({ url: link.body.linkUrl, params: link.body.params }, 'approve');
    const back = returnedTo(decided.location);
    expect(back.returnUrl).toBe(`http://${PAY}/zapi/account/payment-method/return`);
    const res = await providerReturn(b, b.host, back.returnUrl, back.fields);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/mypage/payment-method/complete');
    const list = await methods(b);
    expect(list).toEqual([
      expect.objectContaining({
        paymentMethodType: 'SbpsDocomo',
        SbpsCreditInfo: null,
        cardState: null,
        label: expect.stringContaining('docomo'),
      }),
    ]);
    // Replayed: refused, nothing more kept.
    const again = await providerReturn(b, b.host, back.returnUrl, back.fields);
    expect(again.headers.get('location')).toBe('/mypage/payment-method?result=failed');
    expect(await countRows(h, accountPaymentMethods, eq(accountPaymentMethods.accountId, account.id))).toBe(1);
  });

  it('keeps the agreement even when the session cookie does not come back with the viewer', async () => {
    const { b } = await member(PAY, 'pay');
    const back = await linkAndDecide(b, 'approve');
    const res = await providerReturn(null, PAY, back.returnUrl, back.fields);
    expect(res.headers.get('location')).toBe('/mypage/payment-method/complete');
    expect(await methods(b)).toHaveLength(1);
  });

  it('goes back to the list on cancel or failure, keeping nothing', async () => {
    const { b } = await member(PAY, 'pay');
    const cancelled = await linkAndDecide(b, 'cancel');
    expect((await providerReturn(b, b.host, cancelled.returnUrl, cancelled.fields)).headers.get('location')).toBe(
      '/mypage/payment-method?result=cancelled',
    );
    const failed = await linkAndDecide(b, 'fail');
    expect((await providerReturn(b, b.host, failed.returnUrl, failed.fields)).headers.get('location')).toBe(
      '/mypage/payment-method?result=failed',
    );
    expect(await methods(b)).toEqual([]);
  });

  it('goes back to the purchase the member came from once the agreement is kept; keeps it on a cancel; never leaves the store', async () => {
    const { b } = await member(PAY, 'pay');
    const start = async (redirectTo: string, decision: 'approve' | 'cancel') => {
      const link = await b.post('/zapi/account/payment-method/link', { paymentMethodType: 'SbpsDocomo', redirectTo });
      expect(link.status).toBe(200);
      const back = returnedTo((await decideRedirect({ url: link.body.linkUrl, params: link.body.params }, decision)).location);
      return { back, res: await providerReturn(b, b.host, back.returnUrl, back.fields) };
    };
    const cancelled = await start('/plans/monthly?from=mypage', 'cancel');
    expect(cancelled.back.returnUrl).toBe(
      `http://${PAY}/zapi/account/payment-method/return?returnTo=${encodeURIComponent('/plans/monthly?from=mypage')}`,
    );
    expect(cancelled.res.headers.get('location')).toBe(
      `/mypage/payment-method?result=cancelled&redirectTo=${encodeURIComponent('/plans/monthly?from=mypage')}`,
    );
    expect(await methods(b)).toEqual([]);
    const approved = await start('/plans/monthly?from=mypage', 'approve');
    expect(approved.res.headers.get('location')).toBe('/plans/monthly?from=mypage');
    expect(await methods(b)).toHaveLength(1);
    // Another site, given at the start or put in the return address on the way back: the completion page.
    const elsewhere = await start('https://evil.example/x', 'approve');
    expect(elsewhere.back.returnUrl).toBe(`http://${PAY}/zapi/account/payment-method/return`);
    expect(elsewhere.res.headers.get('location')).toBe('/mypage/payment-method/complete');
    const link = await b.post('/zapi/account/payment-method/link', { paymentMethodType: 'SbpsDocomo' });
    const back = returnedTo((await decideRedirect({ url: link.body.linkUrl, params: link.body.params }, 'approve')).location);
    const bent = await providerReturn(b, b.host, `${back.returnUrl}?returnTo=${encodeURIComponent('//evil.example')}`, back.fields);
    expect(bent.headers.get('location')).toBe('/mypage/payment-method/complete');
    expect(await methods(b)).toHaveLength(3);
  });

  it('refuses a tampered result, another member’s result and another store’s result', async () => {
    const { b, account } = await member(PAY, 'pay');
    const back = await linkAndDecide(b, 'approve');
    const tampered = { ...back.fields, label: 'someone else' };
    expect((await providerReturn(b, b.host, back.returnUrl, tampered)).headers.get('location')).toBe(
      '/mypage/payment-method?result=failed',
    );
    const other = await member(PAY, 'pay');
    expect((await providerReturn(other.b, other.b.host, back.returnUrl, back.fields)).headers.get('location')).toBe(
      '/mypage/payment-method?result=failed',
    );
    const elsewhere = await member(CARDONLY, 'cardonly');
    expect((await providerReturn(elsewhere.b, elsewhere.b.host, back.returnUrl, back.fields)).headers.get('location')).toBe(
      '/mypage/payment-method?result=failed',
    );
    expect(await countRows(h, accountPaymentMethods, eq(accountPaymentMethods.accountId, account.id))).toBe(0);
    expect(await countRows(h, accountPaymentMethods, eq(accountPaymentMethods.accountId, other.account.id))).toBe(0);
  });

  it('refuses another signed-in member’s result without spending it: its own member still keeps the agreement', async () => {
    const { b, account } = await member(PAY, 'pay');
    const back = await linkAndDecide(b, 'approve');
    const other = await member(PAY, 'pay');
    expect((await providerReturn(other.b, other.b.host, back.returnUrl, back.fields)).headers.get('location')).toBe(
      '/mypage/payment-method?result=failed',
    );
    expect((await providerReturn(b, b.host, back.returnUrl, back.fields)).headers.get('location')).toBe('/mypage/payment-method/complete');
    expect(await countRows(h, accountPaymentMethods, eq(accountPaymentMethods.accountId, account.id))).toBe(1);
    expect(await countRows(h, accountPaymentMethods, eq(accountPaymentMethods.accountId, other.account.id))).toBe(0);
  });

  it('refuses a purchase’s result without spending it: the purchase’s return still takes it', async () => {
    const { b } = await member(PAY, 'pay');
    const started = await gateway().startRedirect({
      storeId: 'pay',
      customerRef: 'buyer-10c',
      methodType: 'SbpsDocomo',
      purpose: 'charge',
      amount: 550,
      orderRef: 'order-10c',
      returnUrl: `http://${PAY}/zapi/purchase/return`,
      idempotencyKey: `rd-10c-${Date.now()}`,
    });
    if (!started.ok) throw new Error(`redirect refused: ${JSON.stringify(started.failure)}`);
    const back = returnedTo((await decideRedirect(started.value.redirect, 'approve')).location);
    const res = await providerReturn(b, b.host, `http://${PAY}/zapi/account/payment-method/return`, back.fields);
    expect(res.headers.get('location')).toBe('/mypage/payment-method?result=failed');
    expect(await methods(b)).toEqual([]);
    const purchaseReturn = await gateway().verifyRedirectResult({ storeId: 'pay', params: back.fields, purposes: ['challenge', 'charge'] });
    expect(purchaseReturn).toMatchObject({
      ok: true,
      value: { purpose: 'charge', outcome: 'approved', authorizationRef: expect.any(String) },
    });
  });

  it('refuses a type the store does not offer, a card type, and a type that does not exist', async () => {
    const { b } = await member(PAY, 'pay');
    for (const paymentMethodType of ['SbpsAuone', 'SbpsCredit', 'PaypalRest', 'CampaignCode']) {
      const res = await b.post('/zapi/account/payment-method/link', { paymentMethodType });
      expect(res, paymentMethodType).toMatchObject({ status: 400, body: { code: 'PAYMENT_METHOD_TYPE_NOT_OFFERED' } });
    }
    const bad = await b.post('/zapi/account/payment-method/link', { paymentMethodType: 'Cash' });
    expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', fields: { paymentMethodType: expect.any(String) } } });
    expect((await b.post('/zapi/account/payment-method/link', {})).body.code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /zapi/account/payment-method/paypal', () => {
  it('answers the PayPal page to go to; an approved return keeps the agreement', async () => {
    const { b } = await member(PAY, 'pay');
    const start = await b.get('/zapi/account/payment-method/paypal');
    expect(start.status).toBe(200);
    const url = new URL(start.body.redirectTo);
    expect(url.origin).toBe(gateway().browserConfig('pay').origin);
    const decided = await decideRedirect({ url: `${url.origin}${url.pathname}`, params: Object.fromEntries(url.searchParams) }, 'approve');
    const back = returnedTo(decided.location);
    expect((await providerReturn(b, b.host, back.returnUrl, back.fields)).headers.get('location')).toBe('/mypage/payment-method/complete');
    expect(await methods(b)).toEqual([expect.objectContaining({ paymentMethodType: 'PaypalRest', label: expect.stringContaining('@') })]);
  });

  it('takes the page to go back to in its query: an approved return goes back to the purchase', async () => {
    const { b } = await member(PAY, 'pay');
    const start = await b.get(`/zapi/account/payment-method/paypal?redirectTo=${encodeURIComponent('/plans/monthly')}`);
    expect(start.status).toBe(200);
    const url = new URL(start.body.redirectTo);
    const decided = await decideRedirect({ url: `${url.origin}${url.pathname}`, params: Object.fromEntries(url.searchParams) }, 'approve');
    const back = returnedTo(decided.location);
    expect((await providerReturn(b, b.host, back.returnUrl, back.fields)).headers.get('location')).toBe('/plans/monthly');
  });

  it('refuses a store without PayPal', async () => {
    const { b } = await member(CARDONLY, 'cardonly');
    expect(await b.get('/zapi/account/payment-method/paypal')).toMatchObject({
      status: 400,
      body: { code: 'PAYMENT_METHOD_TYPE_NOT_OFFERED' },
    });
  });
});

describe('DELETE /zapi/account/payment-method/{id}', () => {
  it('deletes the member’s method (kept as deleted) and answers the completion page', async () => {
    const { b, account } = await member(PAY, 'pay');
    await addCard(b, 'pay');
    const [card] = await methods(b);
    const id = card?.accountPaymentMethodId as string;
    const res = await b.delete(`/zapi/account/payment-method/${id}`, {});
    expect(res).toMatchObject({ status: 200, body: { redirectTo: '/mypage/payment-method/delete/complete' } });
    expect(await methods(b)).toEqual([]);
    expect(
      await countRows(
        h,
        accountPaymentMethods,
        and(eq(accountPaymentMethods.accountId, account.id), isNotNull(accountPaymentMethods.deletedAt)),
      ),
    ).toBe(1);
    expect((await b.delete(`/zapi/account/payment-method/${id}`, {})).body.code).toBe('PAYMENT_METHOD_NOT_FOUND');
    expect((await b.screen('/mypage/payment-method/delete/complete')).body).toEqual({});
  });

  it('refuses another member’s method, another store’s method and a malformed id, deleting nothing', async () => {
    const owner = await member(PAY, 'pay');
    await addCard(owner.b, 'pay');
    const [card] = await methods(owner.b);
    const id = card?.accountPaymentMethodId as string;
    const other = await member(PAY, 'pay');
    expect(await other.b.delete(`/zapi/account/payment-method/${id}`, {})).toMatchObject({
      status: 404,
      body: { code: 'PAYMENT_METHOD_NOT_FOUND' },
    });
    const elsewhere = await member(CARDONLY, 'cardonly');
    expect((await elsewhere.b.delete(`/zapi/account/payment-method/${id}`, {})).body.code).toBe('PAYMENT_METHOD_NOT_FOUND');
    expect((await owner.b.delete('/zapi/account/payment-method/not-a-uuid', {})).body.code).toBe('PAYMENT_METHOD_NOT_FOUND');
    expect(await methods(owner.b)).toHaveLength(1);
  });

  it('refuses a method a contract uses (the purchase feature’s port), and lists it as used', async () => {
    const { b, account } = await member(PAY, 'pay');
    await addCard(b, 'pay');
    const [card] = await methods(b);
    const id = card?.accountPaymentMethodId as string;
    const service = createPaymentMethodService({
      repo: createPaymentMethodRepo(h.database.db),
      gateway: gateway(),
      contractUse: async () => new Set([id]),
      clock: () => new Date(),
    });
    const caller = {
      store: (await h.storeCache.get('pay'))!,
      origin: 'http://pay.localhost',
      lang: 'ja' as const,
      clientIp: '203.0.113.1',
      userAgent: undefined,
      requestId: 'r',
    };
    await expect(inStore('pay', () => service.remove(caller, account.id, id))).rejects.toMatchObject({ code: 'PAYMENT_METHOD_IN_USE' });
    expect((await inStore('pay', () => service.list(account.id)))[0]?.isContractUsed).toBe(true);
    expect(await methods(b)).toHaveLength(1);
  });
});

describe('usableMethod and customerRefOf (for purchases)', () => {
  it('answers a card’s source and the member’s customer; refuses another member’s and an expired card', async () => {
    const { b, account } = await member(PAY, 'pay');
    await addCard(b, 'pay');
    const [card] = await methods(b);
    const id = card?.accountPaymentMethodId as string;
    const caller = {
      store: (await h.storeCache.get('pay'))!,
      origin: 'http://pay.localhost',
      lang: 'ja' as const,
      clientIp: '203.0.113.1',
      userAgent: undefined,
      requestId: 'r',
    };
    const usable = await inStore('pay', () => h.services.paymentMethods.usableMethod(caller, account.id, id));
    expect(usable).toMatchObject({ id, paymentMethodType: 'SbpsCredit', source: { kind: 'card' } });
    expect(usable.customerRef).toBe(await inStore('pay', () => h.services.paymentMethods.customerRefOf(account.id)));
    const other = await member(PAY, 'pay');
    await expect(inStore('pay', () => h.services.paymentMethods.usableMethod(caller, other.account.id, id))).rejects.toMatchObject({
      code: 'PAYMENT_METHOD_NOT_FOUND',
    });
    const later = createPaymentMethodService({
      repo: createPaymentMethodRepo(h.database.db),
      gateway: gateway(),
      contractUse: async () => new Set(),
      clock: () => new Date('2099-01-01T00:00:00Z'),
    });
    await expect(inStore('pay', () => later.usableMethod(caller, account.id, id))).rejects.toMatchObject({
      code: 'PAYMENT_METHOD_UNUSABLE',
    });
  });
});

describe('no card number on the store’s side', () => {
  it('after cards were added through the calls, neither the logs nor any row holds a number', async () => {
    const { b } = await member(PAY, 'pay');
    expect((await addCard(b, 'pay')).status).toBe(200);
    expect((await addCard(b, 'pay', AMEX)).status).toBe(200);
    expect(await cardNumberTraces(h, [VISA, AMEX])).toEqual([]);
  });
});

describe('provider down', () => {
  it('answers PAYMENT_PROVIDER_UNAVAILABLE and keeps nothing', async () => {
    const unreachable = h.payments?.adapter({ apiUrl: 'http://127.0.0.1:9', retries: 0, timeoutMs: 500 });
    if (!unreachable) throw new Error('the harness has no sandbox');
    const down = await createHarness({}, undefined, { gateway: unreachable });
    try {
      await down.apply(tenantDoc('pay', { hosts: [PAY], paymentMethods: ['SbpsCredit', 'SbpsDocomo', 'PaypalRest'] }));
      const email = uniqueEmail('pay');
      const account = await seedMember(down, 'pay', { email, password: MIDORI_PASSWORD });
      const b = browser(down, PAY);
      expect((await loginWithPassword(b, email, MIDORI_PASSWORD)).status).toBe(200);
      const body = { token: 'tok', tokenKey: 'k', tds2infoToken: 't', tds2infoTokenKey: 'k' };
      expect(await b.post('/zapi/account/payment-method/credit', body)).toMatchObject({
        status: 503,
        body: { code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: '決済サービスに接続できませんでした。しばらくしてから再度お試しください。' },
      });
      expect((await b.post('/zapi/account/payment-method/link', { paymentMethodType: 'SbpsDocomo' })).body.code).toBe(
        'PAYMENT_PROVIDER_UNAVAILABLE',
      );
      expect((await b.get('/zapi/account/payment-method/paypal')).body.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
      expect(await down.database.admin.$count(accountPaymentMethods, eq(accountPaymentMethods.accountId, account.id))).toBe(0);
      // A card kept earlier cannot be deleted while the provider does not answer: it stays listed.
      const repo = createPaymentMethodRepo(down.database.db);
      await inStore('pay', () => repo.ensureCustomer(account.id, 'cus_down'));
      const card = await inStore('pay', () =>
        repo.add(account.id, {
          kind: 'card',
          paymentMethodType: 'SbpsCredit',
          cardRef: 'card_down',
          cardBrand: 'V',
          last4: '1111',
          expireDate: '203012',
        }),
      );
      expect((await b.delete(`/zapi/account/payment-method/${card.id}`, {})).body.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
      expect((await b.screen('/mypage/payment-method')).body.methods).toHaveLength(1);
    } finally {
      await down.close();
    }
  });
});
