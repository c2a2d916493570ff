import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayResult, PaymentGateway } from '#server/platform/payments/gateway.ts';
import { createSandboxGateway } from '#server/platform/payments/sandbox-gateway.ts';
import type { ChargeRec } from '../../../payment-sandbox/app.ts';
import { TEST_CARDS } from '../../../payment-sandbox/cards.ts';
import { merchantApiSecret, merchantResultKey, signFields } from '../../../payment-sandbox/signing.ts';
import {
  answerChallenge,
  browserToken,
  decideRedirect,
  returnedTo,
  startTestSandbox,
  type TestSandbox,
} from '../../helpers/payment-sandbox.ts';

// The sandbox provider through the store's adapter (issue 9, "a payment provider that behaves
// like one"): idempotency, retries that never charge twice, provider down, signed results.

const STORE = 'store-a';
const OTHER = 'store-b';
const RETURN = 'http://a.localhost/payment/return';
let clock = new Date();
let t: TestSandbox;
let n = 0;
const key = (label: string) => `${label}-${++n}`;
/** The purchase return's purposes. */
const CHARGE = ['charge', 'challenge'] as const;

function value<T>(r: GatewayResult<T>): T {
  if (!r.ok) throw new Error(`gateway failed: ${JSON.stringify(r.failure)}`);
  return r.value;
}

async function registered(gateway: PaymentGateway, cardNumber: string, customerRef = 'cust-1', storeId = STORE) {
  const tok = await browserToken(gateway, storeId, { cardNumber });
  if (!tok.ok) throw new Error(`token refused: ${tok.code}`);
  return value(await gateway.registerCard({ storeId, customerRef, token: tok.token, tokenKey: tok.tokenKey, idempotencyKey: key('reg') }));
}

const charges = () => t.sandbox.state.values<ChargeRec>('charges');

beforeAll(async () => {
  t = await startTestSandbox({ now: () => clock });
});
afterAll(async () => {
  await t.close();
});

describe('cards', () => {
  it('registers a card from a browser token; the store gets a reference, brand, last digits and expiry only', async () => {
    const tok = await browserToken(t.gateway, STORE, { cardNumber: '4111 1111 1111 1111', expiryYear: '2031', expiryMonth: '7' });
    expect(tok).toMatchObject({
      ok: true,
      token: expect.any(String),
      tokenKey: expect.any(String),
      tds2infoToken: expect.any(String),
      tds2infoTokenKey: expect.any(String),
    });
    if (!tok.ok) return;
    const card = value(
      await t.gateway.registerCard({
        storeId: STORE,
        customerRef: 'c1',
        token: tok.token,
        tokenKey: tok.tokenKey,
        idempotencyKey: key('reg'),
      }),
    );
    expect(card).toEqual({ cardRef: expect.stringMatching(/^card_/), brand: 'V', last4: '1111', expireDate: '203107' });
    expect(JSON.stringify(card)).not.toContain('4111111111111111');
  });

  it.each(TEST_CARDS.filter((c) => c.behaviour === 'success'))('knows the brand of $note', async (c) => {
    expect((await registered(t.gateway, c.number)).brand).toBe(c.brand);
  });

  it('answers the same card again for the same key and body; another body with that key is refused', async () => {
    const tok = await browserToken(t.gateway, STORE, { cardNumber: '5555555555554444' });
    if (!tok.ok) throw new Error(tok.code);
    const input = { storeId: STORE, customerRef: 'c1', token: tok.token, tokenKey: tok.tokenKey, idempotencyKey: key('reg') };
    const first = value(await t.gateway.registerCard(input));
    const again = value(await t.gateway.registerCard(input));
    expect(again).toEqual(first);
    expect(await t.gateway.registerCard({ ...input, customerRef: 'c2' })).toEqual({
      ok: false,
      failure: { kind: 'invalid_request', code: 'idempotency_key_reused' },
    });
  });

  it("refuses a used token, a wrong token key, another store's token and an expired token", async () => {
    const use = async (storeId: string, edit: (tok: { token: string; tokenKey: string }) => { token: string; tokenKey: string }) => {
      const tok = await browserToken(t.gateway, STORE, { cardNumber: '4111111111111111' });
      if (!tok.ok) throw new Error(tok.code);
      return t.gateway.registerCard({ storeId, customerRef: 'c1', ...edit(tok), idempotencyKey: key('reg') });
    };
    expect(await use(STORE, (x) => ({ token: x.token, tokenKey: 'wrong' }))).toEqual({
      ok: false,
      failure: { kind: 'invalid_token', code: 'token_unknown' },
    });
    expect(await use(OTHER, (x) => x)).toEqual({ ok: false, failure: { kind: 'invalid_token', code: 'token_unknown' } });

    const tok = await browserToken(t.gateway, STORE, { cardNumber: '4111111111111111' });
    if (!tok.ok) throw new Error(tok.code);
    const once = { storeId: STORE, customerRef: 'c1', token: tok.token, tokenKey: tok.tokenKey };
    expect((await t.gateway.registerCard({ ...once, idempotencyKey: key('reg') })).ok).toBe(true);
    expect(await t.gateway.registerCard({ ...once, idempotencyKey: key('reg') })).toEqual({
      ok: false,
      failure: { kind: 'invalid_token', code: 'token_used' },
    });

    const late = await browserToken(t.gateway, STORE, { cardNumber: '4111111111111111' });
    if (!late.ok) throw new Error(late.code);
    clock = new Date(clock.getTime() + 11 * 60_000);
    try {
      expect(
        await t.gateway.registerCard({
          storeId: STORE,
          customerRef: 'c1',
          token: late.token,
          tokenKey: late.tokenKey,
          idempotencyKey: key('reg'),
        }),
      ).toEqual({
        ok: false,
        failure: { kind: 'invalid_token', code: 'token_expired' },
      });
    } finally {
      clock = new Date();
    }
  });

  it('refuses the expired test card when it is registered', async () => {
    const tok = await browserToken(t.gateway, STORE, { cardNumber: '4000000000000069' });
    if (!tok.ok) throw new Error(tok.code);
    expect(
      await t.gateway.registerCard({
        storeId: STORE,
        customerRef: 'c1',
        token: tok.token,
        tokenKey: tok.tokenKey,
        idempotencyKey: key('reg'),
      }),
    ).toEqual({
      ok: false,
      failure: { kind: 'declined', code: 'expired_card' },
    });
  });

  it('deletes a card: it can no longer be charged; another customer cannot delete it', async () => {
    const card = await registered(t.gateway, '4111111111111111', 'owner');
    expect(await t.gateway.deleteCard({ storeId: STORE, customerRef: 'thief', cardRef: card.cardRef, idempotencyKey: key('del') })).toEqual(
      {
        ok: false,
        failure: { kind: 'invalid_request', code: 'card_unknown' },
      },
    );
    expect(await t.gateway.deleteCard({ storeId: STORE, customerRef: 'owner', cardRef: card.cardRef, idempotencyKey: key('del') })).toEqual(
      { ok: true, value: null },
    );
    const charge = await t.gateway.authorize({
      storeId: STORE,
      customerRef: 'owner',
      source: { kind: 'card', cardRef: card.cardRef },
      amount: 500,
      orderRef: 'o1',
      description: 'plan',
      idempotencyKey: key('auth'),
      returnUrl: RETURN,
    });
    expect(charge).toEqual({ ok: false, failure: { kind: 'invalid_request', code: 'card_unknown' } });
  });

  it('keeps saved cards across a restart of the provider', async () => {
    const card = await registered(t.gateway, '3530111333300000', 'kept');
    await t.restart();
    const auth = await t.gateway.authorize({
      storeId: STORE,
      customerRef: 'kept',
      source: { kind: 'card', cardRef: card.cardRef },
      amount: 990,
      orderRef: 'o-kept',
      description: 'plan',
      idempotencyKey: key('auth'),
      returnUrl: RETURN,
    });
    expect(value(auth)).toEqual({ status: 'authorized', authorizationRef: expect.any(String) });
  });
});

describe('charges', () => {
  const authorize = (cardRef: string, customerRef: string, idempotencyKey = key('auth'), amount = 1100, gateway = t.gateway) =>
    gateway.authorize({
      storeId: STORE,
      customerRef,
      source: { kind: 'card', cardRef },
      amount,
      orderRef: 'order-1',
      description: 'plan',
      idempotencyKey,
      returnUrl: RETURN,
    });

  it('authorises, captures and refunds up to the captured amount', async () => {
    const card = await registered(t.gateway, '4111111111111111', 'payer');
    const auth = value(await authorize(card.cardRef, 'payer'));
    if (auth.status !== 'authorized') throw new Error('expected an authorisation');
    const { chargeRef } = value(
      await t.gateway.capture({ storeId: STORE, authorizationRef: auth.authorizationRef, amount: 1100, idempotencyKey: key('cap') }),
    );
    expect(value(await t.gateway.refund({ storeId: STORE, chargeRef, amount: 600, idempotencyKey: key('ref') })).refundRef).toEqual(
      expect.any(String),
    );
    expect(await t.gateway.refund({ storeId: STORE, chargeRef, amount: 600, idempotencyKey: key('ref') })).toEqual({
      ok: false,
      failure: { kind: 'invalid_request', code: 'amount_invalid' },
    });
    expect(
      await t.gateway.capture({ storeId: STORE, authorizationRef: auth.authorizationRef, amount: 1100, idempotencyKey: key('cap') }),
    ).toEqual({
      ok: false,
      failure: { kind: 'invalid_request', code: 'already_captured' },
    });
    // Another store cannot touch this store's charge.
    expect(await t.gateway.refund({ storeId: OTHER, chargeRef, amount: 100, idempotencyKey: key('ref') })).toEqual({
      ok: false,
      failure: { kind: 'invalid_request', code: 'charge_unknown' },
    });
  });

  it.each([
    ['4000000000000002', 'card_declined'],
    ['4000000000009995', 'insufficient_funds'],
  ])('declines the test card %s with %s', async (number, code) => {
    const card = await registered(t.gateway, number, 'decl');
    expect(await authorize(card.cardRef, 'decl')).toEqual({ ok: false, failure: { kind: 'declined', code } });
  });

  it('ten simultaneous calls with one key (a double click, racing retries) authorise once and charge once', async () => {
    const card = await registered(t.gateway, '4111111111111111', 'race');
    const authKey = key('auth');
    const auths = await Promise.all(Array.from({ length: 10 }, () => authorize(card.cardRef, 'race', authKey)));
    const refs = new Set(auths.map((a) => (a.ok && a.value.status === 'authorized' ? a.value.authorizationRef : 'failed')));
    expect([...refs]).toHaveLength(1);
    expect(t.sandbox.state.values<{ customerRef: string }>('authorizations').filter((a) => a.customerRef === 'race')).toHaveLength(1);
    const [authorizationRef] = [...refs] as [string];
    const before = charges().length;
    const capKey = key('cap');
    const caps = await Promise.all(
      Array.from({ length: 10 }, () => t.gateway.capture({ storeId: STORE, authorizationRef, amount: 1100, idempotencyKey: capKey })),
    );
    expect(new Set(caps.map((c) => (c.ok ? c.value.chargeRef : 'failed'))).size).toBe(1);
    expect(caps.every((c) => c.ok)).toBe(true);
    expect(charges().length).toBe(before + 1);
  });

  it('simultaneous captures of one authorisation under different keys charge once; the others are refused', async () => {
    const card = await registered(t.gateway, '4111111111111111', 'race2');
    const auth = value(await authorize(card.cardRef, 'race2'));
    if (auth.status !== 'authorized') throw new Error('expected an authorisation');
    const before = charges().length;
    const caps = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.gateway.capture({ storeId: STORE, authorizationRef: auth.authorizationRef, amount: 1100, idempotencyKey: key('cap') }),
      ),
    );
    expect(caps.filter((c) => c.ok)).toHaveLength(1);
    expect(caps.filter((c) => !c.ok).map((c) => !c.ok && c.failure)).toEqual(
      Array(4).fill({ kind: 'invalid_request', code: 'already_captured' }),
    );
    expect(charges().length).toBe(before + 1);
  });

  it('a dropped answer is retried with the same key: one charge, the first answer', async () => {
    const card = await registered(t.gateway, '4111111111111111', 'drop');
    const auth = value(await authorize(card.cardRef, 'drop'));
    if (auth.status !== 'authorized') throw new Error('expected an authorisation');
    const before = charges().length;
    t.sandbox.injectFault({ kind: 'drop', path: 'captures' });
    const capKey = key('cap');
    const captured = value(
      await t.gateway.capture({ storeId: STORE, authorizationRef: auth.authorizationRef, amount: 1100, idempotencyKey: capKey }),
    );
    expect(charges().length).toBe(before + 1);
    expect(charges().filter((c) => c.authorizationRef === auth.authorizationRef)).toEqual([
      expect.objectContaining({ chargeRef: captured.chargeRef }),
    ]);
    // The same key later: the same charge again, nothing new.
    expect(
      value(await t.gateway.capture({ storeId: STORE, authorizationRef: auth.authorizationRef, amount: 1100, idempotencyKey: capKey })),
    ).toEqual(captured);
    expect(charges().length).toBe(before + 1);
  });

  it('a slow answer (past the timeout) is retried with the same key: one authorisation, one charge', async () => {
    const quick = t.adapter({ timeoutMs: 300 });
    const card = await registered(quick, '5555555555554444', 'slow');
    t.sandbox.injectFault({ kind: 'delay', path: 'authorizations', ms: 1_500 });
    const authKey = key('auth');
    const auth = value(await authorize(card.cardRef, 'slow', authKey, 1100, quick));
    if (auth.status !== 'authorized') throw new Error('expected an authorisation');
    const auths = t.sandbox.state.values<{ customerRef: string }>('authorizations').filter((a) => a.customerRef === 'slow');
    expect(auths).toHaveLength(1);
    const before = charges().length;
    t.sandbox.injectFault({ kind: 'delay', path: 'captures', ms: 1_500 });
    value(await quick.capture({ storeId: STORE, authorizationRef: auth.authorizationRef, amount: 1100, idempotencyKey: key('cap') }));
    expect(charges().length).toBe(before + 1);
  });

  it('a provider that answers 503 and then recovers: retried, charged once', async () => {
    const card = await registered(t.gateway, '4111111111111111', 'flaky');
    const auth = value(await authorize(card.cardRef, 'flaky'));
    if (auth.status !== 'authorized') throw new Error('expected an authorisation');
    const before = charges().length;
    t.sandbox.injectFault({ kind: 'unavailable', path: 'captures' });
    t.sandbox.injectFault({ kind: 'unavailable', path: 'captures' });
    expect(
      (await t.gateway.capture({ storeId: STORE, authorizationRef: auth.authorizationRef, amount: 1100, idempotencyKey: key('cap') })).ok,
    ).toBe(true);
    expect(charges().length).toBe(before + 1);
  });

  it('provider down: unavailable after the retries; the same key later charges once', async () => {
    const card = await registered(t.gateway, '4111111111111111', 'down');
    const auth = value(await authorize(card.cardRef, 'down'));
    if (auth.status !== 'authorized') throw new Error('expected an authorisation');
    const before = charges().length;
    for (let i = 0; i < 3; i++) t.sandbox.injectFault({ kind: 'unavailable', path: 'captures' });
    const input = { storeId: STORE, authorizationRef: auth.authorizationRef, amount: 1100, idempotencyKey: key('cap') };
    expect(await t.gateway.capture(input)).toEqual({ ok: false, failure: { kind: 'unavailable' } });
    expect(charges().length).toBe(before);
    expect((await t.gateway.capture(input)).ok).toBe(true);
    expect(charges().length).toBe(before + 1);
  });

  it('provider not listening: unavailable', async () => {
    const port = await new Promise<number>((done) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const p = (probe.address() as { port: number }).port;
        probe.close(() => done(p));
      });
    });
    const down = createSandboxGateway({
      apiUrl: `http://127.0.0.1:${port}`,
      publicUrl: `http://127.0.0.1:${port}`,
      secret: t.secret,
      timeoutMs: 500,
      retries: 1,
      backoffMs: 1,
    });
    expect(await down.capture({ storeId: STORE, authorizationRef: 'auth_x', amount: 1, idempotencyKey: key('cap') })).toEqual({
      ok: false,
      failure: { kind: 'unavailable' },
    });
  });

  it('refuses a call signed with another secret', async () => {
    const forged = t.adapter({ secret: 'another-secret-0123456789abcdef0123' });
    expect(await forged.capture({ storeId: STORE, authorizationRef: 'auth_x', amount: 1, idempotencyKey: key('cap') })).toEqual({
      ok: false,
      failure: { kind: 'invalid_request', code: 'unauthorized' },
    });
  });
});

describe('3-D Secure and redirects: signed results', () => {
  async function challenged(customerRef: string, amount = 2200) {
    const card = await registered(t.gateway, '4000000000003220', customerRef);
    const tds = { tds2infoToken: 'tds_x', tds2infoTokenKey: 'k' };
    const outcome = value(
      await t.gateway.authorize({
        storeId: STORE,
        customerRef,
        source: { kind: 'card', cardRef: card.cardRef, threeDSecure: tds },
        amount,
        orderRef: 'o-3ds',
        description: 'plan',
        idempotencyKey: key('auth'),
        returnUrl: RETURN,
      }),
    );
    if (outcome.status !== 'challenge') throw new Error('expected a challenge');
    return outcome;
  }

  it('a challenge passed with the published password comes back with an authorisation to capture', async () => {
    const outcome = await challenged('tds');
    const wrong = await answerChallenge(outcome.redirect, { otp: '0000' });
    expect(wrong.status).toBe(200);
    expect(wrong.html).toContain('ワンタイムパスワードが正しくありません。');
    const page = await answerChallenge(outcome.redirect, { otp: '1234' });
    expect(page.status).toBe(303);
    const { returnUrl, fields } = returnedTo(page.location);
    expect(returnUrl).toBe(RETURN);
    const result = value(await t.gateway.verifyRedirectResult({ storeId: STORE, params: fields, purposes: ['challenge'] }));
    expect(result).toMatchObject({
      redirectRef: outcome.challengeRef,
      purpose: 'challenge',
      outcome: 'approved',
      customerRef: 'tds',
      amount: 2200,
    });
    const cap = await t.gateway.capture({
      storeId: STORE,
      authorizationRef: result.authorizationRef ?? '',
      amount: 2200,
      idempotencyKey: key('cap'),
    });
    expect(cap.ok).toBe(true);
  });

  it('a failed or cancelled challenge comes back without an authorisation; the page cannot be answered twice', async () => {
    const outcome = await challenged('tds-fail');
    const result = value(
      await t.gateway.verifyRedirectResult({
        storeId: STORE,
        params: returnedTo((await answerChallenge(outcome.redirect, 'fail')).location).fields,
        purposes: ['challenge'],
      }),
    );
    expect(result).toMatchObject({ outcome: 'failed' });
    expect(result.authorizationRef).toBeUndefined();
    expect((await answerChallenge(outcome.redirect, { otp: '1234' })).status).toBe(409);
  });

  it("refuses a replayed, tampered, other store's or expired result", async () => {
    const start = async () =>
      value(
        await t.gateway.startRedirect({
          storeId: STORE,
          customerRef: 'rd',
          methodType: 'SbpsDocomo',
          purpose: 'charge',
          amount: 330,
          orderRef: 'o-rd',
          returnUrl: RETURN,
          idempotencyKey: key('rd'),
        }),
      );
    const approved = async () => returnedTo((await decideRedirect((await start()).redirect, 'approve')).location).fields;

    const fields = await approved();
    expect(await t.gateway.verifyRedirectResult({ storeId: STORE, params: { ...fields, amount: '1' }, purposes: CHARGE })).toEqual({
      ok: false,
      failure: { kind: 'invalid_result', code: 'signature_invalid' },
    });
    expect(
      await t.gateway.verifyRedirectResult({ storeId: STORE, params: { ...fields, agreementRef: 'agr_forged' }, purposes: CHARGE }),
    ).toEqual({
      ok: false,
      failure: { kind: 'invalid_result', code: 'signature_invalid' },
    });
    expect(await t.gateway.verifyRedirectResult({ storeId: OTHER, params: fields, purposes: CHARGE })).toEqual({
      ok: false,
      failure: { kind: 'invalid_result', code: 'other_store' },
    });
    const first = value(await t.gateway.verifyRedirectResult({ storeId: STORE, params: fields, purposes: CHARGE }));
    expect(first).toMatchObject({
      outcome: 'approved',
      purpose: 'charge',
      methodType: 'SbpsDocomo',
      amount: 330,
      label: expect.stringMatching(/^docomo 090-\*\*\*\*-\d{4}$/),
    });
    expect(await t.gateway.verifyRedirectResult({ storeId: STORE, params: fields, purposes: CHARGE })).toEqual({
      ok: false,
      failure: { kind: 'invalid_result', code: 'result_replayed' },
    });

    const late = await approved();
    clock = new Date(clock.getTime() + 11 * 60_000);
    try {
      expect(await t.gateway.verifyRedirectResult({ storeId: STORE, params: late, purposes: CHARGE })).toEqual({
        ok: false,
        failure: { kind: 'invalid_result', code: 'result_expired' },
      });
    } finally {
      clock = new Date();
    }
  });

  /** A carrier charge approved: its signed result carries a label (the field after expiresAt). */
  const approvedCharge = async (customerRef: string) => {
    const { redirect } = value(
      await t.gateway.startRedirect({
        storeId: STORE,
        customerRef,
        methodType: 'SbpsDocomo',
        purpose: 'charge',
        amount: 440,
        orderRef: `o-${customerRef}`,
        returnUrl: RETURN,
        idempotencyKey: key('rd'),
      }),
    );
    return returnedTo((await decideRedirect(redirect, 'approve')).location).fields;
  };
  /** The provider's own check, called directly as another client of its API would. */
  const providerVerify = async (params: Record<string, string>, purposes: readonly string[] = CHARGE) => {
    const res = await fetch(`${t.sandbox.url}/v1/api/results/verify`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${merchantApiSecret(t.secret, STORE)}`,
        'x-merchant-id': STORE,
        'idempotency-key': key('verify'),
      },
      body: JSON.stringify({ params, purposes }),
    });
    return { status: res.status, body: (await res.json()) as { error?: { code: string } } };
  };

  it('refuses a result whose label is folded into its expiry (a line break in a value), past its 10 minutes', async () => {
    const genuine = await approvedCharge('fold');
    const { label, ...rest } = genuine;
    const folded = { ...rest, expiresAt: `${genuine.expiresAt}\nlabel=${label}` };
    clock = new Date(clock.getTime() + 726_000);
    try {
      expect(await t.gateway.verifyRedirectResult({ storeId: STORE, params: folded, purposes: CHARGE })).toEqual({
        ok: false,
        failure: { kind: 'invalid_result', code: 'result_malformed' },
      });
      expect(await providerVerify(folded)).toMatchObject({ status: 422, body: { error: { code: 'result_malformed' } } });
      expect(await providerVerify(genuine)).toMatchObject({ status: 422, body: { error: { code: 'result_expired' } } });
    } finally {
      clock = new Date();
    }
  });

  it('treats a signed expiry that is not a number as expired', async () => {
    const genuine = await approvedCharge('nan');
    const { signature: _, ...signed } = genuine;
    const fields = { ...signed, expiresAt: 'later' };
    const forged = { ...fields, signature: signFields(merchantResultKey(t.secret, STORE), fields) };
    expect(await t.gateway.verifyRedirectResult({ storeId: STORE, params: forged, purposes: CHARGE })).toMatchObject({ ok: false });
    expect(await providerVerify(forged)).toMatchObject({ status: 422, body: { error: { code: 'result_expired' } } });
  });

  it('leaves a result unspent at a return it was not made for: the right return still takes it once', async () => {
    const charge = await approvedCharge('bound');
    expect(await t.gateway.verifyRedirectResult({ storeId: STORE, params: charge, purposes: ['register'] })).toEqual({
      ok: false,
      failure: { kind: 'invalid_result', code: 'other_purpose' },
    });
    expect(await providerVerify(charge, ['register'])).toMatchObject({ status: 422, body: { error: { code: 'other_purpose' } } });
    expect(value(await t.gateway.verifyRedirectResult({ storeId: STORE, params: charge, purposes: CHARGE }))).toMatchObject({
      purpose: 'charge',
      outcome: 'approved',
      authorizationRef: expect.any(String),
    });
  });

  it('a registered carrier agreement is charged later without the viewer', async () => {
    const { redirect } = value(
      await t.gateway.startRedirect({
        storeId: STORE,
        customerRef: 'agr',
        methodType: 'PaypalRest',
        purpose: 'register',
        returnUrl: RETURN,
        idempotencyKey: key('rd'),
      }),
    );
    const result = value(
      await t.gateway.verifyRedirectResult({
        storeId: STORE,
        params: returnedTo((await decideRedirect(redirect, 'approve')).location).fields,
        purposes: ['register'],
      }),
    );
    expect(result).toMatchObject({
      purpose: 'register',
      outcome: 'approved',
      agreementRef: expect.any(String),
      label: expect.stringContaining('@example.com'),
    });
    const auth = await t.gateway.authorize({
      storeId: STORE,
      customerRef: 'agr',
      source: { kind: 'agreement', agreementRef: result.agreementRef ?? '', methodType: 'PaypalRest' },
      amount: 700,
      orderRef: 'o-agr',
      description: 'plan',
      idempotencyKey: key('auth'),
      returnUrl: RETURN,
    });
    expect(value(auth).status).toBe('authorized');
  });

  it("keeps the returnUrl's own query beside the signed result", async () => {
    const { redirect } = value(
      await t.gateway.startRedirect({
        storeId: STORE,
        customerRef: 'q',
        methodType: 'SbpsSoftbank',
        purpose: 'register',
        returnUrl: `${RETURN}?flow=abc&lang=en`,
        idempotencyKey: key('rd'),
      }),
    );
    const back = returnedTo((await decideRedirect(redirect, 'approve')).location);
    expect(back.returnUrl).toBe(`${RETURN}?flow=abc&lang=en`);
    const result = value(
      await t.gateway.verifyRedirectResult({ storeId: STORE, params: { ...back.fields, flow: 'abc', lang: 'en' }, purposes: ['register'] }),
    );
    expect(result).toMatchObject({ outcome: 'approved', methodType: 'SbpsSoftbank', label: expect.stringMatching(/^SoftBank /) });
  });

  it('a cancelled redirect comes back cancelled', async () => {
    const { redirect } = value(
      await t.gateway.startRedirect({
        storeId: STORE,
        customerRef: 'cx',
        methodType: 'SbpsAuone',
        purpose: 'register',
        returnUrl: RETURN,
        idempotencyKey: key('rd'),
      }),
    );
    const result = value(
      await t.gateway.verifyRedirectResult({
        storeId: STORE,
        params: returnedTo((await decideRedirect(redirect, 'cancel')).location).fields,
        purposes: ['register'],
      }),
    );
    expect(result).toMatchObject({ outcome: 'cancelled' });
    expect(result.agreementRef).toBeUndefined();
  });

  it('refuses a redirect for a card method or without a return address', async () => {
    expect(
      await t.gateway.startRedirect({
        storeId: STORE,
        customerRef: 'x',
        methodType: 'SbpsCredit',
        purpose: 'register',
        returnUrl: RETURN,
        idempotencyKey: key('rd'),
      }),
    ).toEqual({ ok: false, failure: { kind: 'invalid_request', code: 'method_not_redirect' } });
    expect(
      await t.gateway.startRedirect({
        storeId: STORE,
        customerRef: 'x',
        methodType: 'SbpsDocomo',
        purpose: 'register',
        returnUrl: 'javascript:alert(1)',
        idempotencyKey: key('rd'),
      }),
    ).toEqual({ ok: false, failure: { kind: 'invalid_request', code: 'return_url_invalid' } });
  });
});

describe('the provider over raw HTTP', () => {
  it('answers the token call cross-origin (preflight and answer), without credentials', async () => {
    const pre = await fetch(`${t.origin}/v1/tokens`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://midori.localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/content-type/i);
    const res = await fetch(`${t.origin}/v1/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'not json' });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({ ok: false, code: '03001' });
    const script = await fetch(`${t.origin}/v1/token.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain('window.SandboxPay');
  });

  it('refuses an API call without an idempotency key, an unknown operation and an oversized body', async () => {
    const auth = { 'x-merchant-id': STORE, authorization: 'Bearer wrong' };
    expect((await fetch(`${t.origin}/v1/api/captures`, { method: 'POST', headers: auth, body: '{}' })).status).toBe(401);
    // Through the adapter every call has a key; by hand, with the right secret but no key:
    const secret = createHmac('sha256', t.secret).update(`api:${STORE}`).digest('base64url');
    const good = { 'x-merchant-id': STORE, authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
    const noKey = await fetch(`${t.origin}/v1/api/captures`, { method: 'POST', headers: good, body: '{}' });
    expect(noKey.status).toBe(400);
    expect(await noKey.json()).toEqual({ error: { kind: 'invalid_request', code: 'idempotency_key_required' } });
    const unknown = await fetch(`${t.origin}/v1/api/charge-everything`, {
      method: 'POST',
      headers: { ...good, 'idempotency-key': 'k1' },
      body: '{}',
    });
    expect(unknown.status).toBe(404);
    const big = await fetch(`${t.origin}/v1/api/captures`, {
      method: 'POST',
      headers: { ...good, 'idempotency-key': 'k2' },
      body: JSON.stringify({ x: 'a'.repeat(70_000) }),
    });
    expect(big.status).toBe(413);
  });
});
