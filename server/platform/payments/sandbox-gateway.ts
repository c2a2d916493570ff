// The PaymentGateway over the sandbox provider's HTTP API (payment-sandbox/): JSON over fetch,
// authenticated per merchant (one merchant per store), each call with a timeout and a bounded
// number of retries that resend the same idempotency key, so a retry after a lost or slow answer
// gets the first answer again and never charges twice. A real provider is another adapter.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { PaymentMethodType } from '#config-schema/store-settings.ts';
import type {
  AuthorizeOutcome,
  BrowserPaymentConfig,
  CardBrandCode,
  CardOnFile,
  GatewayFailure,
  GatewayResult,
  PaymentGateway,
  ProviderRedirect,
  RedirectResult,
} from './gateway.ts';

export type SandboxGatewayOptions = {
  /** Where the store's server reaches the provider (PAYMENT_PROVIDER_URL). */
  apiUrl: string;
  /** The origin browsers reach the provider on (PAYMENT_PROVIDER_PUBLIC_URL). */
  publicUrl: string;
  /** The master secret shared with the provider (PAYMENT_SANDBOX_SECRET). */
  secret: string;
  /** Per attempt (default 5 s). */
  timeoutMs?: number;
  /** Attempts after the first (default 2). */
  retries?: number;
  /** Pause before retry n is n times this (default 100 ms). */
  backoffMs?: number;
  fetch?: typeof fetch;
};

/** The provider's merchant of a store: the store ID itself (one merchant per store). */
export const merchantIdOf = (storeId: string) => storeId;
/** The sandbox's one service ID. */
export const SANDBOX_SERVICE_ID = '001';

// The derivations of payment-sandbox/signing.ts (the adapter does not import the provider).
/**
 * The fields of a signed result, in signing order. Only these are signed and read: other query
 * parameters of the store's returnUrl travel beside them untouched.
 */
const RESULT_FIELDS = [
  'agreementRef',
  'amount',
  'authorizationRef',
  'customerRef',
  'expiresAt',
  'label',
  'merchantId',
  'methodType',
  'nonce',
  'outcome',
  'purpose',
  'redirectRef',
] as const;

const apiSecret = (master: string, merchantId: string) => createHmac('sha256', master).update(`api:${merchantId}`).digest('base64url');
const resultKey = (master: string, merchantId: string) => createHmac('sha256', master).update(`result:${merchantId}`).digest('base64url');
/** JSON of the present fields as `[name, value]` pairs: no value can pass for a field boundary. */
function signFields(key: string, fields: Record<string, string>): string {
  const text = JSON.stringify(RESULT_FIELDS.filter((k) => fields[k] !== undefined).map((k) => [k, fields[k]]));
  return createHmac('sha256', key).update(text).digest('base64url');
}
/** Control characters (line breaks among them): no genuine result holds one. */
const hasControlCharacter = (value: string) =>
  [...value].some((ch) => {
    const c = ch.charCodeAt(0);
    return c < 0x20 || (c >= 0x7f && c <= 0x9f);
  });
const safeEqual = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const BRANDS: readonly CardBrandCode[] = ['V', 'M', 'A', 'J', 'D'];
const failure = (f: GatewayFailure): { ok: false; failure: GatewayFailure } => ({ ok: false, failure: f });

export function createSandboxGateway(opts: SandboxGatewayOptions): PaymentGateway {
  const apiUrl = opts.apiUrl.replace(/\/$/, '');
  const origin = new URL(opts.publicUrl).origin;
  const timeoutMs = opts.timeoutMs ?? 5_000;
  const retries = opts.retries ?? 2;
  const backoffMs = opts.backoffMs ?? 100;
  const doFetch = opts.fetch ?? fetch;

  /**
   * One API call: retried on no answer, a timeout or a 5xx, always with the same idempotency key.
   * A 4xx is the provider's answer (a failure value); no answer after the retries is `unavailable`.
   */
  async function call<T>(storeId: string, op: string, body: unknown, idempotencyKey: string): Promise<GatewayResult<T>> {
    const merchantId = merchantIdOf(storeId);
    const payload = JSON.stringify(body);
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, backoffMs * attempt));
      let res: Response;
      let answer: unknown;
      try {
        res = await doFetch(`${apiUrl}/v1/api/${op}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${apiSecret(opts.secret, merchantId)}`,
            'x-merchant-id': merchantId,
            'idempotency-key': idempotencyKey,
          },
          body: payload,
          signal: AbortSignal.timeout(timeoutMs),
        });
        answer = await res.json();
      } catch {
        continue; // No answer, a dropped connection, a timeout, an unreadable body: try again.
      }
      if (res.status >= 500) continue;
      if (res.ok) return { ok: true, value: answer as T };
      const error = (answer as { error?: { kind?: string; code?: string } }).error;
      const code = typeof error?.code === 'string' ? error.code : `http_${res.status}`;
      const kind = error?.kind;
      if (kind === 'declined' || kind === 'invalid_token' || kind === 'invalid_result') return failure({ kind, code });
      return failure({ kind: 'invalid_request', code });
    }
    return failure({ kind: 'unavailable' });
  }

  return {
    name: 'sandbox',

    browserConfig(storeId: string): BrowserPaymentConfig {
      return { origin, scriptUrl: `${origin}/v1/token.js`, merchantId: merchantIdOf(storeId), serviceId: SANDBOX_SERVICE_ID };
    },

    async registerCard(input) {
      const r = await call<{ card: CardOnFile }>(
        input.storeId,
        'cards/register',
        { customerRef: input.customerRef, token: input.token, tokenKey: input.tokenKey },
        input.idempotencyKey,
      );
      if (!r.ok) return r;
      const card = r.value.card;
      const brand = BRANDS.includes(card.brand) ? card.brand : 'unknown';
      return { ok: true, value: { cardRef: card.cardRef, brand, last4: card.last4, expireDate: card.expireDate } };
    },

    async deleteCard(input) {
      const r = await call<unknown>(
        input.storeId,
        'cards/delete',
        { customerRef: input.customerRef, cardRef: input.cardRef },
        input.idempotencyKey,
      );
      return r.ok ? { ok: true, value: null } : r;
    },

    async startRedirect(input) {
      const r = await call<{ redirectRef: string; redirect: ProviderRedirect }>(
        input.storeId,
        'redirects',
        {
          customerRef: input.customerRef,
          methodType: input.methodType,
          purpose: input.purpose,
          amount: input.amount,
          orderRef: input.orderRef,
          returnUrl: input.returnUrl,
        },
        input.idempotencyKey,
      );
      return r.ok ? { ok: true, value: { redirectRef: r.value.redirectRef, redirect: r.value.redirect } } : r;
    },

    async verifyRedirectResult(input) {
      const params: Record<string, string> = {};
      for (const k of [...RESULT_FIELDS, 'signature'] as const) if (typeof input.params[k] === 'string') params[k] = input.params[k];
      // Checked here first (no call for a result that is plainly not this store's or not genuine);
      // the provider checks again and refuses a second use of the same result.
      if (
        !params.signature ||
        !params.nonce ||
        !params.merchantId ||
        !/^\d{1,15}$/.test(params.expiresAt ?? '') ||
        Object.values(params).some(hasControlCharacter)
      )
        return failure({ kind: 'invalid_result', code: 'result_malformed' });
      const merchantId = merchantIdOf(input.storeId);
      if (params.merchantId !== merchantId) return failure({ kind: 'invalid_result', code: 'other_store' });
      if (!safeEqual(params.signature, signFields(resultKey(opts.secret, merchantId), params))) {
        return failure({ kind: 'invalid_result', code: 'signature_invalid' });
      }
      // A result made for another return is left unspent for the one it belongs to.
      if (!input.purposes.includes(params.purpose as RedirectResult['purpose']))
        return failure({ kind: 'invalid_result', code: 'other_purpose' });
      // Another member's result, brought by a signed-in member, is left unspent for its own member.
      if (input.customerRef !== undefined && params.customerRef !== input.customerRef)
        return failure({ kind: 'invalid_result', code: 'other_customer' });
      // One key per verification: a retry of this call is answered the same, a replay of the result is refused.
      const r = await call<{ result: Record<string, unknown> }>(
        input.storeId,
        'results/verify',
        { params, purposes: input.purposes },
        `verify-${randomUUID()}`,
      );
      if (!r.ok) return r;
      const v = r.value.result;
      const s = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : undefined);
      const result: RedirectResult = {
        redirectRef: s('redirectRef') ?? '',
        purpose: s('purpose') as RedirectResult['purpose'],
        outcome: s('outcome') as RedirectResult['outcome'],
        customerRef: s('customerRef') ?? '',
        methodType: s('methodType') as PaymentMethodType,
        ...(s('agreementRef') ? { agreementRef: s('agreementRef') } : {}),
        ...(s('authorizationRef') ? { authorizationRef: s('authorizationRef') } : {}),
        ...(s('label') ? { label: s('label') } : {}),
        ...(typeof v.amount === 'number' ? { amount: v.amount } : {}),
      };
      return { ok: true, value: result };
    },

    authorize(input) {
      return call<AuthorizeOutcome>(
        input.storeId,
        'authorizations',
        {
          customerRef: input.customerRef,
          source: input.source,
          amount: input.amount,
          orderRef: input.orderRef,
          description: input.description,
          returnUrl: input.returnUrl,
          ...(input.initiator
            ? {
                initiator: input.initiator.kind,
                ...(input.initiator.initialChargeRef ? { initialChargeRef: input.initiator.initialChargeRef } : {}),
              }
            : {}),
        },
        input.idempotencyKey,
      );
    },

    capture(input) {
      return call<{ chargeRef: string }>(
        input.storeId,
        'captures',
        { authorizationRef: input.authorizationRef, amount: input.amount },
        input.idempotencyKey,
      );
    },

    refund(input) {
      return call<{ refundRef: string }>(
        input.storeId,
        'refunds',
        { chargeRef: input.chargeRef, amount: input.amount },
        input.idempotencyKey,
      );
    },
  };
}
