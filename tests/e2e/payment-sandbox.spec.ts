import { createSandboxGateway } from '#server/platform/payments/sandbox-gateway.ts';
import { expect, test } from './fixtures.ts';
import { E2E_PAYMENT_SECRET } from './server-process.ts';

// The sandbox payment provider in a real browser (issue 9): on its own origin beside the store,
// its script tokenises a card from a store page (cross-origin, allowed by the store's policy),
// and its redirect and 3-D Secure pages send the viewer back to the store with a signed result.

type SandboxPay = { createToken(input: Record<string, string>): Promise<Record<string, unknown>> };

const gatewayOf = (origin: string) => createSandboxGateway({ apiUrl: origin, publicUrl: origin, secret: E2E_PAYMENT_SECRET });
const resultOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

test.describe('sandbox payment provider', () => {
  // Several pages of two origins per test, axe included: more than the default 30 s on a loaded machine.
  test.slow();

  test("a store page tokenises cards with the provider's script; the card goes to the provider only", async ({
    page,
    storeUrl,
    server,
  }) => {
    const gateway = gatewayOf(server.paymentOrigin);
    const cfg = gateway.browserConfig('midori');
    const storeRequests: string[] = [];
    page.on('request', (r) => {
      if (r.postData() && new URL(r.url()).origin !== server.paymentOrigin) storeRequests.push(r.postData() ?? '');
    });
    await page.goto(storeUrl('midori', '/'));
    await page.addScriptTag({ url: cfg.scriptUrl });
    const create = (card: Record<string, string>) =>
      page.evaluate((input) => (window as unknown as { SandboxPay: SandboxPay }).SandboxPay.createToken(input), {
        merchantId: cfg.merchantId,
        serviceId: cfg.serviceId,
        expiryYear: '2031',
        expiryMonth: '12',
        securityCode: '123',
        ...card,
      });
    const good = await create({ cardNumber: '4111 1111 1111 1111' });
    expect(good).toMatchObject({ ok: true, token: expect.any(String), tokenKey: expect.any(String), tds2infoToken: expect.any(String) });
    expect(await create({ cardNumber: '4111 1111 1111 1112' })).toEqual({ ok: false, code: '07003' });
    expect(await create({ cardNumber: '' })).toEqual({ ok: false, code: '03003' });
    expect(await create({ cardNumber: '4000000000000119' })).toEqual({ ok: false, code: '99006' });
    expect(storeRequests.join('\n')).not.toMatch(/4111/);

    const card = await gateway.registerCard({
      storeId: 'midori',
      customerRef: 'e2e-member',
      token: String(good.token),
      tokenKey: String(good.tokenKey),
      idempotencyKey: `e2e-reg-${Date.now()}-${Math.random()}`,
    });
    expect(card).toMatchObject({ ok: true, value: { brand: 'V', last4: '1111', expireDate: '203112' } });
  });

  test('a 3-D Secure challenge: a wrong password is shown, the published one returns to the store approved', async ({
    page,
    storeUrl,
    server,
    axe,
  }) => {
    const gateway = gatewayOf(server.paymentOrigin);
    // The card's token as the script makes it (the test above drives the script in a store page).
    const cfg = gateway.browserConfig('midori');
    const token = (await (
      await fetch(`${server.paymentOrigin}/v1/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          merchantId: cfg.merchantId,
          serviceId: cfg.serviceId,
          cardNumber: '4000000000003220',
          expiryYear: '2030',
          expiryMonth: '1',
          securityCode: '321',
        }),
      })
    ).json()) as Record<string, unknown>;
    const unique = `${Date.now()}-${Math.random()}`;
    const card = await gateway.registerCard({
      storeId: 'midori',
      customerRef: 'e2e-3ds',
      token: String(token.token),
      tokenKey: String(token.tokenKey),
      idempotencyKey: `reg-${unique}`,
    });
    if (!card.ok) throw new Error(JSON.stringify(card.failure));
    const returnUrl = storeUrl('midori', '/?from=3ds');
    const auth = await gateway.authorize({
      storeId: 'midori',
      customerRef: 'e2e-3ds',
      source: {
        kind: 'card',
        cardRef: card.value.cardRef,
        threeDSecure: { tds2infoToken: String(token.tds2infoToken), tds2infoTokenKey: String(token.tds2infoTokenKey) },
      },
      amount: 1980,
      orderRef: 'e2e-order',
      description: 'e2e',
      idempotencyKey: `auth-${unique}`,
      returnUrl,
    });
    if (!auth.ok || auth.value.status !== 'challenge') throw new Error(`expected a challenge: ${JSON.stringify(auth)}`);
    const target = new URL(auth.value.redirect.url);
    for (const [k, v] of Object.entries(auth.value.redirect.params)) target.searchParams.set(k, v);
    await page.goto(target.toString());
    await expect(page.getByRole('heading', { name: '3Dセキュア認証' })).toBeVisible();
    await expect(page.getByText('1,980円')).toBeVisible();
    expect(await axe(page)).toEqual([]);

    await page.getByLabel('ワンタイムパスワード').fill('0000');
    await page.getByRole('button', { name: '認証する' }).click();
    await expect(page.getByRole('alert')).toHaveText('ワンタイムパスワードが正しくありません。');
    expect(await axe(page)).toEqual([]);

    await page.getByLabel('ワンタイムパスワード').fill('1234');
    await page.getByRole('button', { name: '認証する' }).click();
    await page.waitForURL((url) => url.origin === new URL(returnUrl).origin && url.searchParams.has('signature'));
    const params = resultOf(page.url());
    expect(params).toMatchObject({ from: '3ds', outcome: 'approved', purpose: 'challenge', merchantId: 'midori' });
    const verified = await gateway.verifyRedirectResult({ storeId: 'midori', params, purposes: ['challenge'] });
    expect(verified).toMatchObject({ ok: true, value: { outcome: 'approved', amount: 1980, authorizationRef: expect.any(String) } });
    // Once only.
    expect(await gateway.verifyRedirectResult({ storeId: 'midori', params, purposes: ['challenge'] })).toEqual({
      ok: false,
      failure: { kind: 'invalid_result', code: 'result_replayed' },
    });
  });

  for (const [lang, decision, outcome] of [
    ['en', 'Approve', 'approved'],
    ['ja', 'キャンセル', 'cancelled'],
  ] as const) {
    test(`a carrier redirect page in ${lang}: "${decision}" returns to the store ${outcome}`, async ({ page, storeUrl, server, axe }) => {
      const gateway = gatewayOf(server.paymentOrigin);
      const returnUrl = storeUrl('kurenai', '/');
      const started = await gateway.startRedirect({
        storeId: 'kurenai',
        customerRef: `e2e-${lang}`,
        methodType: 'SbpsDocomo',
        purpose: 'charge',
        amount: 550,
        orderRef: 'e2e',
        returnUrl,
        idempotencyKey: `rd-${Date.now()}-${Math.random()}`,
      });
      if (!started.ok) throw new Error(JSON.stringify(started.failure));
      const target = new URL(started.value.redirect.url);
      for (const [k, v] of Object.entries(started.value.redirect.params)) target.searchParams.set(k, v);
      target.searchParams.set('lang', lang);
      await page.goto(target.toString());
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { name: lang === 'en' ? 'Pay with docomo' : 'docomo でのお支払い' })).toBeVisible();
      await expect(page.getByText(lang === 'en' ? '¥550' : '550円')).toBeVisible();
      expect(await axe(page)).toEqual([]);
      await page.getByRole('button', { name: decision }).click();
      await page.waitForURL((url) => url.origin === new URL(returnUrl).origin && url.searchParams.has('signature'));
      const verified = await gateway.verifyRedirectResult({ storeId: 'kurenai', params: resultOf(page.url()), purposes: ['charge'] });
      expect(verified).toMatchObject({ ok: true, value: { outcome, purpose: 'charge', methodType: 'SbpsDocomo' } });
      // Another store's gateway call cannot use it.
      expect(await gateway.verifyRedirectResult({ storeId: 'midori', params: resultOf(page.url()), purposes: ['charge'] })).toMatchObject({
        ok: false,
      });
    });
  }
});
