/**
 * /signup/form shows only inside a sign-up flow (an e-mail proven by its code); without one it
 * redirects to /signup/email. The benchmark measures what a viewer in the flow gets: it starts a
 * flow over the API, reads the code from the store's outbox (the local mail of a server without
 * SMTP_URL) and returns the flow cookie.
 */
import { request } from 'node:http';

export type Answer = { status: number; cookies: string[]; body: string; contentType: string };

/** One request to 127.0.0.1:<port> as if addressed to `host`, with an optional JSON body and cookie. */
export function call(
  port: number,
  host: string,
  method: string,
  path: string,
  body?: unknown,
  cookie?: string,
  headers?: Record<string, string>,
): Promise<Answer> {
  return new Promise((done, fail) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          host: `${host}:${port}`,
          accept: 'application/json',
          ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => {
          text += d;
        });
        res.on('end', () => {
          const set = res.headers['set-cookie'] ?? [];
          done({
            status: res.statusCode ?? 0,
            cookies: set.map((c) => c.split(';')[0] ?? ''),
            body: text,
            contentType: res.headers['content-type'] ?? '',
          });
        });
      },
    );
    req.on('error', fail);
    req.end(data);
  });
}

/** The Cookie header of a sign-up flow whose e-mail is verified. */
export async function signupFlowCookie(port: number, host: string): Promise<string> {
  const email = `bench-${Date.now().toString(36)}@example.com`;
  const started = await call(port, host, 'POST', '/zapi/signup/email', { email });
  if (started.status !== 200) throw new Error(`POST /zapi/signup/email answered ${started.status}: ${started.body}`);
  const cookie = started.cookies.join('; ');
  const outbox = await call(port, host, 'GET', '/zapi/internal/dev/outbox/screen-data');
  const mails = (JSON.parse(outbox.body) as { mails?: Array<{ to: string; text: string }> }).mails ?? [];
  const code = /\b(\d{6})\b/.exec(mails.find((m) => m.to === email)?.text ?? '')?.[1];
  if (!code) throw new Error(`no code for ${email} in the outbox (${outbox.status})`);
  const verified = await call(port, host, 'POST', '/zapi/signup/pin-code', { pinCode: code }, cookie);
  if (verified.status !== 200) throw new Error(`POST /zapi/signup/pin-code answered ${verified.status}: ${verified.body}`);
  if ((JSON.parse(verified.body) as { redirectTo?: string }).redirectTo === '/signup/policy') {
    // A store that asks for consent after the code: agree to every policy at its revision.
    const screen = await call(port, host, 'GET', '/zapi/internal/signup/policy/screen-data', undefined, cookie);
    const found = new Map<string, number>();
    JSON.parse(screen.body, (_key, v) => {
      if (v && typeof v === 'object' && typeof v.policyId === 'string' && typeof v.revision === 'number') found.set(v.policyId, v.revision);
      return v;
    });
    const policyConsentData = [...found].map(([policyId, revision]) => ({ policyId, revision, agreed: true }));
    const agreed = await call(port, host, 'POST', '/zapi/signup/policy', { policyConsentData }, cookie);
    if (agreed.status !== 200) throw new Error(`POST /zapi/signup/policy answered ${agreed.status}: ${agreed.body}`);
  }
  return cookie;
}

/** The Cookie header of a member of aozora just signed up (the details of tenants/aozora.json's form). */
export async function memberCookie(port: number, host: string): Promise<string> {
  const flow = await signupFlowCookie(port, host);
  const password = 'Bench2026ok';
  const done = await call(
    port,
    host,
    'POST',
    '/zapi/signup',
    { name: '青空 花子', nameKana: 'アオゾラ ハナコ', sex: '2', birthday: '19920315', password, passwordConfirm: password },
    flow,
  );
  if (done.status !== 200) throw new Error(`POST /zapi/signup answered ${done.status}: ${done.body}`);
  return done.cookies.join('; ');
}

/**
 * The query of a purchase confirmation (`?token=…`): `cookie`'s member registers a success card
 * with the sandbox provider (tokenised on its origin as the provider's script does, then
 * `POST /zapi/account/payment-method/credit`) and verifies `planId` with it
 * (`POST /zapi/purchase/verify/{planId}`). The order stays verified, unbought, for the token's
 * 30 minutes, so its confirmation page can be requested again and again.
 */
export async function verifiedOrderQuery(port: number, host: string, cookie: string, planId: string): Promise<string> {
  const form = await call(port, host, 'GET', `/zapi/internal/plans/${planId}/screen-data`, undefined, cookie);
  const provider = (JSON.parse(form.body) as { cardProvider?: { scriptUrl: string; merchantId: string; serviceId: string } | null })
    .cardProvider;
  if (!provider) throw new Error(`the purchase form of ${planId} offers no card (${form.status}): ${form.body.slice(0, 300)}`);
  const tokens = await fetch(new URL('/v1/tokens', provider.scriptUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      merchantId: provider.merchantId,
      serviceId: provider.serviceId,
      cardNumber: '4111111111111111',
      expiryYear: String(new Date().getUTCFullYear() + 3),
      expiryMonth: '1',
      securityCode: '123',
    }),
  });
  const token = (await tokens.json()) as Record<string, unknown>;
  if (!token.ok) throw new Error(`the sandbox refused the card: ${JSON.stringify(token)}`);
  const card = await call(
    port,
    host,
    'POST',
    '/zapi/account/payment-method/credit',
    { token: token.token, tokenKey: token.tokenKey, tds2infoToken: token.tds2infoToken, tds2infoTokenKey: token.tds2infoTokenKey },
    cookie,
  );
  if (card.status !== 200) throw new Error(`POST /zapi/account/payment-method/credit answered ${card.status}: ${card.body}`);
  const { accountPaymentMethodId } = JSON.parse(card.body) as { accountPaymentMethodId: string };
  const verified = await call(
    port,
    host,
    'POST',
    `/zapi/purchase/verify/${planId}`,
    { planId, paymentMethodId: accountPaymentMethodId },
    cookie,
  );
  if (verified.status !== 200) throw new Error(`POST /zapi/purchase/verify/${planId} answered ${verified.status}: ${verified.body}`);
  const { purchaseToken } = JSON.parse(verified.body) as { purchaseToken: string };
  return `?token=${encodeURIComponent(purchaseToken)}`;
}
