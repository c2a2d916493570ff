// The sandbox payment provider: its own HTTP application on its own origin. It plays a card
// processor (browser tokenisation, stored cards, 3-D Secure challenge, authorise, capture,
// refund) and the redirect providers (carrier billing, PayPal), with published test cards that
// decide the outcome (cards.ts). Nothing here imports the store's server.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { type Lang, pickLang } from '../sandbox-common/language.ts';
import { behaviourOf, CHALLENGE_OTP } from './cards.ts';
import { accountLabel, REDIRECT_METHODS } from './methods.ts';
import { challengePage, messagePage, redirectPage } from './pages.ts';
import {
  expiryOf,
  hasControlCharacter,
  merchantApiSecret,
  merchantResultKey,
  RESULT_FIELDS,
  RESULT_PURPOSES,
  type ResultPurpose,
  safeEqual,
  signFields,
} from './signing.ts';
import { openState, type SandboxState } from './state.ts';
import { type CheckedCard, checkCard, SERVICE_ID } from './tokenize.ts';

export type SandboxOptions = {
  /** The master secret the merchants' API secrets and result keys derive from (shared with the store's adapter). */
  secret: string;
  /** The origin browsers use to reach the sandbox (its pages and script). */
  publicUrl: string;
  /** The JSON-lines file of the sandbox's state; null keeps it in memory. */
  dataFile: string | null;
  now?: () => Date;
  /** Browser tokens live this long (default 10 minutes). */
  tokenTtlMs?: number;
  /** Signed results are accepted this long after they are made (default 10 minutes). */
  resultTtlMs?: number;
  /** A redirect or challenge may be decided this long after it started (default 30 minutes). */
  redirectTtlMs?: number;
  /** The folder of token.js (default: public/ beside this file; a bundled server passes the source folder). */
  assetsDir?: string;
};

/** A test-only fault: what the sandbox does to the next matching API call. */
export type Fault =
  /** Does the work, then drops the connection without answering. */
  | { kind: 'drop'; path: string }
  /** Does the work, then answers after `ms` (longer than the adapter's timeout: a slow answer). */
  | { kind: 'delay'; path: string; ms: number }
  /** Answers 503 without doing anything. */
  | { kind: 'unavailable'; path: string };

type Failure = { kind: 'declined' | 'invalid_token' | 'invalid_result' | 'invalid_request'; code: string };
type Answer = { status: 200 | 400 | 401 | 402 | 404 | 409 | 422; body: unknown };

type TokenRec = {
  token: string;
  tokenKey: string;
  tds2infoToken: string;
  tds2infoTokenKey: string;
  merchantId: string;
  /** Null once the token is used: the number moves to the stored card. */
  card: CheckedCard | null;
  expiresAt: number;
  used: boolean;
};
export type CardRec = {
  cardRef: string;
  merchantId: string;
  customerRef: string;
  number: string;
  brand: CheckedCard['brand'];
  expireDate: string;
  deleted: boolean;
};
type RedirectRec = {
  redirectRef: string;
  merchantId: string;
  customerRef: string;
  methodType: string;
  purpose: 'register' | 'charge' | 'challenge';
  amount?: number;
  orderRef?: string;
  cardRef?: string;
  returnUrl: string;
  state: 'open' | 'done';
  wrongOtps: number;
  expiresAt: number;
};
type AgreementRec = { agreementRef: string; merchantId: string; customerRef: string; methodType: string; label: string };
export type AuthorizationRec = {
  authorizationRef: string;
  merchantId: string;
  customerRef: string;
  amount: number;
  orderRef: string;
  source: string;
  captured: boolean;
  /** The member passed a 3-D Secure challenge for it: a merchant-initiated charge may reference its charge. */
  authenticated?: boolean;
};
export type ChargeRec = { chargeRef: string; merchantId: string; authorizationRef: string; amount: number; refunded: number };
export type RefundRec = { refundRef: string; merchantId: string; chargeRef: string; amount: number };
type IdemRec = { hash: string; answer: Answer };

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;
const fail = (status: Answer['status'], kind: Failure['kind'], code: string): Answer => ({ status, body: { error: { kind, code } } });
const ok = (body: unknown): Answer => ({ status: 200, body });
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const isAmount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isHttpUrl = (v: unknown) => {
  try {
    return typeof v === 'string' && /^https?:$/.test(new URL(v).protocol);
  } catch {
    return false;
  }
};

export function createSandboxApp(opts: SandboxOptions) {
  const now = opts.now ?? (() => new Date());
  const tokenTtlMs = opts.tokenTtlMs ?? 10 * 60_000;
  const resultTtlMs = opts.resultTtlMs ?? 10 * 60_000;
  const redirectTtlMs = opts.redirectTtlMs ?? 30 * 60_000;
  const publicUrl = opts.publicUrl.replace(/\/$/, '');
  const state: SandboxState = openState(opts.dataFile);
  const faults: Fault[] = [];
  const tokenScript = readFileSync(join(opts.assetsDir ?? join(import.meta.dirname, 'public'), 'token.js'), 'utf8');

  // ---- the signed result that goes back to the store with the viewer ----
  function signedResult(r: RedirectRec, outcome: 'approved' | 'cancelled' | 'failed', extra: Record<string, string>) {
    const fields: Record<string, string> = {
      merchantId: r.merchantId,
      redirectRef: r.redirectRef,
      purpose: r.purpose,
      outcome,
      customerRef: r.customerRef,
      methodType: r.methodType,
      ...(r.amount !== undefined ? { amount: String(r.amount) } : {}),
      ...extra,
      nonce: randomBytes(16).toString('base64url'),
      expiresAt: String(now().getTime() + resultTtlMs),
    };
    fields.signature = signFields(merchantResultKey(opts.secret, r.merchantId), fields);
    return fields;
  }

  function authorizeNow(
    merchantId: string,
    customerRef: string,
    amount: number,
    orderRef: string,
    source: string,
    authenticated = false,
  ): AuthorizationRec {
    const rec: AuthorizationRec = {
      authorizationRef: id('auth'),
      merchantId,
      customerRef,
      amount,
      orderRef,
      source,
      captured: false,
      ...(authenticated ? { authenticated: true } : {}),
    };
    state.put('authorizations', rec.authorizationRef, rec);
    return rec;
  }

  /** Whether `chargeRef` is a charge of this merchant and customer on this card that the member authenticated (3-D Secure). */
  function authenticatedOnCard(merchantId: string, customerRef: string, cardRef: string, chargeRef: string): boolean {
    const charge = chargeRef ? state.get<ChargeRec>('charges', chargeRef) : undefined;
    if (!charge || charge.merchantId !== merchantId) return false;
    const auth = state.get<AuthorizationRec>('authorizations', charge.authorizationRef);
    return !!auth && auth.customerRef === customerRef && auth.source === cardRef && auth.authenticated === true;
  }

  // ---- the server-to-server API: each operation is synchronous, so idempotency checks cannot race ----
  const api: Record<string, (merchantId: string, body: Record<string, unknown>) => Answer> = {
    'cards/register'(m, b) {
      const customerRef = str(b.customerRef);
      if (!customerRef) return fail(400, 'invalid_request', 'customer_ref_required');
      const rec = state.get<TokenRec>('tokens', str(b.token));
      if (!rec || rec.merchantId !== m || !safeEqual(rec.tokenKey, str(b.tokenKey))) return fail(422, 'invalid_token', 'token_unknown');
      if (rec.used || !rec.card) return fail(422, 'invalid_token', 'token_used');
      if (rec.expiresAt <= now().getTime()) return fail(422, 'invalid_token', 'token_expired');
      const card = rec.card;
      state.put<TokenRec>('tokens', rec.token, { ...rec, card: null, used: true });
      if (behaviourOf(card.number) === 'expired') return fail(402, 'declined', 'expired_card');
      const stored: CardRec = {
        cardRef: id('card'),
        merchantId: m,
        customerRef,
        number: card.number,
        brand: card.brand,
        expireDate: card.expireDate,
        deleted: false,
      };
      state.put('cards', stored.cardRef, stored);
      return ok({ card: { cardRef: stored.cardRef, brand: stored.brand, last4: stored.number.slice(-4), expireDate: stored.expireDate } });
    },
    'cards/delete'(m, b) {
      const card = state.get<CardRec>('cards', str(b.cardRef));
      if (!card || card.merchantId !== m || card.customerRef !== str(b.customerRef)) return fail(404, 'invalid_request', 'card_unknown');
      // The number goes with the card (decision 0035); the record stays so a late charge is refused as unknown.
      if (!card.deleted) state.put<CardRec>('cards', card.cardRef, { ...card, number: '', deleted: true });
      return ok({ deleted: true });
    },
    redirects(m, b) {
      const customerRef = str(b.customerRef);
      const methodType = str(b.methodType);
      const purpose = b.purpose;
      if (!customerRef) return fail(400, 'invalid_request', 'customer_ref_required');
      if (!REDIRECT_METHODS[methodType]) return fail(400, 'invalid_request', 'method_not_redirect');
      if (purpose !== 'register' && purpose !== 'charge') return fail(400, 'invalid_request', 'purpose_invalid');
      if (purpose === 'charge' && !isAmount(b.amount)) return fail(400, 'invalid_request', 'amount_invalid');
      if (!isHttpUrl(b.returnUrl)) return fail(400, 'invalid_request', 'return_url_invalid');
      const rec: RedirectRec = {
        redirectRef: id('rd'),
        merchantId: m,
        customerRef,
        methodType,
        purpose,
        ...(purpose === 'charge' ? { amount: b.amount as number, orderRef: str(b.orderRef) } : {}),
        returnUrl: str(b.returnUrl),
        state: 'open',
        wrongOtps: 0,
        expiresAt: now().getTime() + redirectTtlMs,
      };
      state.put('redirects', rec.redirectRef, rec);
      return ok({ redirectRef: rec.redirectRef, redirect: { url: `${publicUrl}/v1/redirect`, params: { ref: rec.redirectRef } } });
    },
    'results/verify'(m, b) {
      const params = (b.params && typeof b.params === 'object' ? b.params : {}) as Record<string, unknown>;
      // The purposes the caller's return takes (a registration's return, a purchase's): a result
      // made for another return is refused before it is spent, so it still works where it belongs.
      const purposes = Array.isArray(b.purposes)
        ? b.purposes.filter((p): p is ResultPurpose => (RESULT_PURPOSES as readonly unknown[]).includes(p))
        : [];
      if (purposes.length === 0) return fail(400, 'invalid_request', 'purposes_required');
      const fields: Record<string, string> = {};
      for (const k of [...RESULT_FIELDS, 'signature'] as const) if (typeof params[k] === 'string') fields[k] = params[k] as string;
      if (!fields.signature || !fields.merchantId || !fields.nonce || !fields.expiresAt || Object.values(fields).some(hasControlCharacter))
        return fail(422, 'invalid_result', 'result_malformed');
      if (fields.merchantId !== m) return fail(422, 'invalid_result', 'other_store');
      if (!safeEqual(fields.signature, signFields(merchantResultKey(opts.secret, m), fields)))
        return fail(422, 'invalid_result', 'signature_invalid');
      // An expiry that is not a whole number is no expiry: expired.
      const expiresAt = expiryOf(fields.expiresAt);
      if (expiresAt === null || expiresAt <= now().getTime()) return fail(422, 'invalid_result', 'result_expired');
      if (!purposes.includes(fields.purpose as ResultPurpose)) return fail(422, 'invalid_result', 'other_purpose');
      const nonceKey = `${m}:${fields.nonce}`;
      if (state.get('results', nonceKey)) return fail(422, 'invalid_result', 'result_replayed');
      state.put('results', nonceKey, { usedAt: now().toISOString() });
      const { signature: _s, nonce: _n, expiresAt: _e, merchantId: _m, amount, ...rest } = fields;
      return ok({ result: { ...rest, ...(amount !== undefined ? { amount: Number(amount) } : {}) } });
    },
    authorizations(m, b) {
      const customerRef = str(b.customerRef);
      if (!customerRef) return fail(400, 'invalid_request', 'customer_ref_required');
      if (!isAmount(b.amount)) return fail(400, 'invalid_request', 'amount_invalid');
      const amount = b.amount;
      const orderRef = str(b.orderRef);
      const source = (b.source && typeof b.source === 'object' ? b.source : {}) as Record<string, unknown>;
      if (source.kind === 'card') {
        const card = state.get<CardRec>('cards', str(source.cardRef));
        if (!card || card.merchantId !== m || card.customerRef !== customerRef || card.deleted)
          return fail(404, 'invalid_request', 'card_unknown');
        const behaviour = behaviourOf(card.number);
        if (behaviour === 'decline') return fail(402, 'declined', 'card_declined');
        if (behaviour === 'insufficient_funds') return fail(402, 'declined', 'insufficient_funds');
        if (behaviour === 'challenge' || behaviour === 'challenge_every_time') {
          // A merchant-initiated charge (a renewal: the member is not there) cannot take a challenge.
          // The issuer accepts it when it references a charge the member authenticated on this card
          // (the stored-credential rule); the `challenge_every_time` card's issuer never does.
          if (b.initiator === 'merchant') {
            if (behaviour === 'challenge' && authenticatedOnCard(m, customerRef, card.cardRef, str(b.initialChargeRef)))
              return ok({
                status: 'authorized',
                authorizationRef: authorizeNow(m, customerRef, amount, orderRef, card.cardRef).authorizationRef,
              });
            return fail(402, 'declined', 'authentication_required');
          }
          if (!isHttpUrl(b.returnUrl)) return fail(400, 'invalid_request', 'return_url_invalid');
          const rec: RedirectRec = {
            redirectRef: id('ch'),
            merchantId: m,
            customerRef,
            methodType: 'SbpsCredit',
            purpose: 'challenge',
            amount,
            orderRef,
            cardRef: card.cardRef,
            returnUrl: str(b.returnUrl),
            state: 'open',
            wrongOtps: 0,
            expiresAt: now().getTime() + redirectTtlMs,
          };
          state.put('redirects', rec.redirectRef, rec);
          return ok({
            status: 'challenge',
            challengeRef: rec.redirectRef,
            redirect: { url: `${publicUrl}/v1/challenge`, params: { ref: rec.redirectRef } },
          });
        }
        return ok({
          status: 'authorized',
          authorizationRef: authorizeNow(m, customerRef, amount, orderRef, card.cardRef).authorizationRef,
        });
      }
      if (source.kind === 'agreement') {
        const agreement = state.get<AgreementRec>('agreements', str(source.agreementRef));
        if (
          !agreement ||
          agreement.merchantId !== m ||
          agreement.customerRef !== customerRef ||
          agreement.methodType !== source.methodType
        ) {
          return fail(404, 'invalid_request', 'agreement_unknown');
        }
        return ok({
          status: 'authorized',
          authorizationRef: authorizeNow(m, customerRef, amount, orderRef, agreement.agreementRef).authorizationRef,
        });
      }
      return fail(400, 'invalid_request', 'source_invalid');
    },
    captures(m, b) {
      const auth = state.get<AuthorizationRec>('authorizations', str(b.authorizationRef));
      if (!auth || auth.merchantId !== m) return fail(404, 'invalid_request', 'authorization_unknown');
      if (!isAmount(b.amount) || b.amount > auth.amount) return fail(400, 'invalid_request', 'amount_invalid');
      if (auth.captured) return fail(409, 'invalid_request', 'already_captured');
      state.put<AuthorizationRec>('authorizations', auth.authorizationRef, { ...auth, captured: true });
      const charge: ChargeRec = {
        chargeRef: id('ch'),
        merchantId: m,
        authorizationRef: auth.authorizationRef,
        amount: b.amount,
        refunded: 0,
      };
      state.put('charges', charge.chargeRef, charge);
      return ok({ chargeRef: charge.chargeRef });
    },
    refunds(m, b) {
      const charge = state.get<ChargeRec>('charges', str(b.chargeRef));
      if (!charge || charge.merchantId !== m) return fail(404, 'invalid_request', 'charge_unknown');
      if (!isAmount(b.amount) || b.amount > charge.amount - charge.refunded) return fail(400, 'invalid_request', 'amount_invalid');
      state.put<ChargeRec>('charges', charge.chargeRef, { ...charge, refunded: charge.refunded + b.amount });
      const refund: RefundRec = { refundRef: id('rf'), merchantId: m, chargeRef: charge.chargeRef, amount: b.amount };
      state.put('refunds', refund.refundRef, refund);
      return ok({ refundRef: refund.refundRef });
    },
  };

  const app = new Hono();
  app.use(bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json({ error: { kind: 'invalid_request', code: 'body_too_large' } }, 413) }));

  // Browser side: the tokenisation script and the token call, open to any store's origin.
  const cors = (h: Headers) => {
    h.set('Access-Control-Allow-Origin', '*');
    h.set('Access-Control-Allow-Methods', 'POST, OPTIONS');
    h.set('Access-Control-Allow-Headers', 'Content-Type');
    h.set('Access-Control-Max-Age', '600');
  };
  app.get('/v1/token.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    c.header('Access-Control-Allow-Origin', '*');
    return c.body(tokenScript);
  });
  app.options('/v1/tokens', (c) => {
    cors(c.res.headers);
    return c.body(null, 204);
  });
  app.post('/v1/tokens', async (c) => {
    let input: Record<string, unknown> = {};
    try {
      const parsed = await c.req.json();
      if (parsed && typeof parsed === 'object') input = parsed;
    } catch {
      // An unreadable body is a missing merchant ID below.
    }
    const checked = checkCard(input, now());
    const res = checked.ok
      ? (() => {
          const rec: TokenRec = {
            token: id('tok'),
            tokenKey: randomBytes(16).toString('base64url'),
            tds2infoToken: id('tds'),
            tds2infoTokenKey: randomBytes(16).toString('base64url'),
            merchantId: checked.merchantId,
            card: checked.card,
            expiresAt: now().getTime() + tokenTtlMs,
            used: false,
          };
          state.put('tokens', rec.token, rec);
          const { token, tokenKey, tds2infoToken, tds2infoTokenKey } = rec;
          return { ok: true, token, tokenKey, tds2infoToken, tds2infoTokenKey };
        })()
      : { ok: false, code: checked.code };
    const answer = c.json(res);
    cors(answer.headers);
    answer.headers.set('Cache-Control', 'no-store');
    return answer;
  });

  // Server side: authenticated per merchant, idempotent per key.
  app.post('/v1/api/*', async (c) => {
    const op = c.req.path.slice('/v1/api/'.length);
    const handler = Object.hasOwn(api, op) ? api[op] : undefined;
    if (!handler) return c.json({ error: { kind: 'invalid_request', code: 'not_found' } }, 404);
    const merchantId = c.req.header('x-merchant-id') ?? '';
    const auth = c.req.header('authorization') ?? '';
    if (!merchantId || !safeEqual(auth, `Bearer ${merchantApiSecret(opts.secret, merchantId)}`)) {
      return c.json({ error: { kind: 'invalid_request', code: 'unauthorized' } }, 401);
    }
    const key = c.req.header('idempotency-key') ?? '';
    if (!/^[\w.:-]{1,200}$/.test(key)) return c.json({ error: { kind: 'invalid_request', code: 'idempotency_key_required' } }, 400);
    const fault = takeFault(op);
    if (fault?.kind === 'unavailable') return c.json({ error: { kind: 'unavailable', code: 'unavailable' } }, 503);
    const raw = await c.req.text();
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw);
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error('not an object');
    } catch {
      return c.json({ error: { kind: 'invalid_request', code: 'body_invalid' } }, 400);
    }
    // From here to the answer nothing awaits: two calls with one key cannot both do the work.
    const hash = createHash('sha256').update(`${op}\n${raw}`).digest('base64url');
    const idemKey = `${merchantId}:${key}`;
    const seen = state.get<IdemRec>('idempotency', idemKey);
    let answer: Answer;
    if (seen) {
      answer = seen.hash === hash ? seen.answer : fail(409, 'invalid_request', 'idempotency_key_reused');
    } else {
      answer = handler(merchantId, body);
      state.put<IdemRec>('idempotency', idemKey, { hash, answer });
    }
    if (fault?.kind === 'drop') {
      (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket.destroy();
    } else if (fault?.kind === 'delay') {
      await new Promise((r) => setTimeout(r, fault.ms));
    }
    return c.json(answer.body as object, answer.status);
  });

  function takeFault(op: string): Fault | undefined {
    const i = faults.findIndex((f) => f.path === op);
    return i >= 0 ? faults.splice(i, 1)[0] : undefined;
  }

  // ---- the provider's pages ----
  /**
   * The viewer goes back to the store by a 303 to its returnUrl with the signed result in the
   * query: a top-level GET, so the store's SameSite=Lax session cookie comes along (a cross-site
   * POST would arrive without it, and the store's cross-site request check refuses such a POST).
   * The result is single use and short-lived: reading it is what the store's callback does.
   */
  const backToStore = (c: Context, returnUrl: string, fields: Record<string, string>) => {
    const target = new URL(returnUrl);
    for (const [k, v] of Object.entries(fields)) target.searchParams.set(k, v);
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    return c.redirect(target.toString(), 303);
  };
  const page = (c: { header(n: string, v: string): void }, nonce: string, formTarget?: string) => {
    const formAction = formTarget ? `'self' ${new URL(formTarget).origin}` : "'self'";
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    );
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Content-Type-Options', 'nosniff');
  };
  async function formOf(c: {
    req: { method: string; query(n: string): string | undefined; parseBody(): Promise<Record<string, unknown>> };
  }) {
    const query = { ref: c.req.query('ref'), lang: c.req.query('lang') };
    if (c.req.method !== 'POST') return query as Record<string, string | undefined>;
    const body = await c.req.parseBody();
    return Object.fromEntries(Object.entries({ ...query, ...body }).map(([k, v]) => [k, typeof v === 'string' ? v : undefined]));
  }
  const openRedirect = (ref: string | undefined, purposes: RedirectRec['purpose'][]) => {
    const rec = ref ? state.get<RedirectRec>('redirects', ref) : undefined;
    if (!rec || !purposes.includes(rec.purpose)) return { rec: undefined, status: 'notFound' as const };
    if (rec.state !== 'open' || rec.expiresAt <= now().getTime()) return { rec: undefined, status: 'closed' as const };
    return { rec, status: 'open' as const };
  };

  const landing = async (c: Context) => {
    const form = await formOf(c);
    const lang: Lang = pickLang(form.lang, c.req.header('accept-language'));
    const nonce = randomBytes(16).toString('base64');
    const { rec, status } = openRedirect(form.ref, ['register', 'charge']);
    page(c, nonce, rec?.returnUrl);
    if (!rec) return c.html(messagePage({ lang, nonce, message: status }), status === 'closed' ? 409 : 404);
    const methodName = REDIRECT_METHODS[rec.methodType]?.name ?? rec.methodType;
    return c.html(
      redirectPage({ lang, nonce, ref: rec.redirectRef, methodName, purpose: rec.purpose as 'register' | 'charge', amount: rec.amount }),
    );
  };
  app.get('/v1/redirect', landing);
  app.post('/v1/redirect', landing);
  app.post('/v1/redirect/decide', async (c) => {
    const form = await formOf(c);
    const lang = pickLang(form.lang, c.req.header('accept-language'));
    const nonce = randomBytes(16).toString('base64');
    const { rec, status } = openRedirect(form.ref, ['register', 'charge']);
    if (!rec) {
      page(c, nonce);
      return c.html(messagePage({ lang, nonce, message: status }), status === 'closed' ? 409 : 404);
    }
    state.put<RedirectRec>('redirects', rec.redirectRef, { ...rec, state: 'done' });
    let fields: Record<string, string>;
    if (form.decision === 'approve') {
      const label = accountLabel(rec.methodType, rec.customerRef);
      if (rec.purpose === 'register') {
        const agreement: AgreementRec = {
          agreementRef: id('agr'),
          merchantId: rec.merchantId,
          customerRef: rec.customerRef,
          methodType: rec.methodType,
          label,
        };
        state.put('agreements', agreement.agreementRef, agreement);
        fields = signedResult(rec, 'approved', { agreementRef: agreement.agreementRef, label });
      } else {
        const auth = authorizeNow(rec.merchantId, rec.customerRef, rec.amount ?? 0, rec.orderRef ?? '', rec.redirectRef);
        fields = signedResult(rec, 'approved', { authorizationRef: auth.authorizationRef, label });
      }
    } else {
      fields = signedResult(rec, form.decision === 'cancel' ? 'cancelled' : 'failed', {});
    }
    return backToStore(c, rec.returnUrl, fields);
  });

  const challenge = async (c: Context) => {
    const form = await formOf(c);
    const lang = pickLang(form.lang, c.req.header('accept-language'));
    const nonce = randomBytes(16).toString('base64');
    const { rec, status } = openRedirect(form.ref, ['challenge']);
    page(c, nonce, rec?.returnUrl);
    if (!rec) return c.html(messagePage({ lang, nonce, message: status }), status === 'closed' ? 409 : 404);
    return c.html(challengePage({ lang, nonce, ref: rec.redirectRef, amount: rec.amount ?? 0, wrongOtp: false }));
  };
  app.get('/v1/challenge', challenge);
  app.post('/v1/challenge', challenge);
  app.post('/v1/challenge/submit', async (c) => {
    const form = await formOf(c);
    const lang = pickLang(form.lang, c.req.header('accept-language'));
    const nonce = randomBytes(16).toString('base64');
    const { rec, status } = openRedirect(form.ref, ['challenge']);
    if (!rec) {
      page(c, nonce);
      return c.html(messagePage({ lang, nonce, message: status }), status === 'closed' ? 409 : 404);
    }
    const action = form.action ?? 'submit';
    if (action === 'submit' && form.otp !== CHALLENGE_OTP && rec.wrongOtps < 2) {
      state.put<RedirectRec>('redirects', rec.redirectRef, { ...rec, wrongOtps: rec.wrongOtps + 1 });
      page(c, nonce, rec.returnUrl);
      // The page again with the error (a 200: the viewer's browser shows a page, not a failed request).
      return c.html(challengePage({ lang, nonce, ref: rec.redirectRef, amount: rec.amount ?? 0, wrongOtp: true }));
    }
    state.put<RedirectRec>('redirects', rec.redirectRef, { ...rec, state: 'done' });
    let fields: Record<string, string>;
    if (action === 'submit' && form.otp === CHALLENGE_OTP) {
      const auth = authorizeNow(rec.merchantId, rec.customerRef, rec.amount ?? 0, rec.orderRef ?? '', rec.cardRef ?? '', true);
      fields = signedResult(rec, 'approved', { authorizationRef: auth.authorizationRef });
    } else {
      fields = signedResult(rec, action === 'cancel' ? 'cancelled' : 'failed', {});
    }
    return backToStore(c, rec.returnUrl, fields);
  });

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.notFound((c) => c.json({ error: { kind: 'invalid_request', code: 'not_found' } }, 404));

  /**
   * The sandbox's retention (decision 0035): a token (with the card number of one never used)
   * goes when it expires, a deleted card's number when it is deleted (here at the latest); then
   * the file is rewritten without them.
   */
  function purge(at: Date = now()): { tokens: number; cards: number } {
    const t = at.getTime();
    let tokens = 0;
    let cards = 0;
    for (const rec of state.values<TokenRec>('tokens')) {
      if (rec.expiresAt <= t) {
        state.delete('tokens', rec.token);
        tokens++;
      }
    }
    for (const card of state.values<CardRec>('cards')) {
      if (card.deleted && card.number !== '') {
        state.put<CardRec>('cards', card.cardRef, { ...card, number: '' });
        cards++;
      }
    }
    state.compact();
    return { tokens, cards };
  }

  return {
    app,
    state,
    purge,
    /** Test-only: queue a fault for the next API call of `path` (e.g. 'captures'). */
    injectFault: (f: Fault) => faults.push(f),
    serviceId: SERVICE_ID,
  };
}

export type SandboxApp = ReturnType<typeof createSandboxApp>;
