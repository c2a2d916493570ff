// An in-memory payment gateway for the purchase tests: idempotent by key as the contract says,
// outcomes chosen by the card reference, and switches for a provider that is down or slow.
import type { AuthorizeInput, AuthorizeOutcome, GatewayResult, PaymentGateway, RedirectResult } from '#server/platform/payments/gateway.ts';

export const CARD_OK = 'card-ok';
export const CARD_DECLINE = 'card-decline';
export const CARD_3DS = 'card-3ds';

export function createFakeGateway() {
  const answers = new Map<string, unknown>();
  const state = {
    /** Every call answers unavailable. */
    down: false,
    /** Only captures answer unavailable (the provider lost between authorising and capturing). */
    captureDown: false,
    /** Milliseconds each call waits before answering (a slow provider). */
    delayMs: 0,
    /** Captured charges: one per charged order, whatever the retries. */
    captures: [] as { authorizationRef: string; amount: number; key: string }[],
    authorizeCalls: 0,
    /** Challenge and redirect references -> their authorisation when approved. */
    pending: new Map<string, { storeId: string; amount: number; customerRef: string }>(),
    usedResults: new Set<string>(),
    /** Refunds made: one per refund, whatever the retries. */
    refunds: [] as { chargeRef: string; amount: number; key: string }[],
    /** Refunds are made but their answers are lost (the provider refunded; the caller heard nothing). */
    refundAnswerLost: false,
  };
  let seq = 0;
  /** Capture key -> the charge it made. */
  const chargeRefs = new Map<string, string>();

  async function once<T>(key: string, fn: () => GatewayResult<T>): Promise<GatewayResult<T>> {
    if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
    if (state.down) return { ok: false, failure: { kind: 'unavailable' } };
    if (!answers.has(key)) answers.set(key, fn());
    return answers.get(key) as GatewayResult<T>;
  }

  const gateway: PaymentGateway = {
    name: 'fake',
    browserConfig: () => ({ origin: 'http://pay.test', scriptUrl: 'http://pay.test/token.js', merchantId: 'm', serviceId: 's' }),
    registerCard: async () => ({ ok: false, failure: { kind: 'invalid_request', code: 'unused' } }),
    deleteCard: async () => ({ ok: true, value: null }),
    startRedirect: (input) =>
      once(input.idempotencyKey, () => {
        const redirectRef = `rd-${++seq}`;
        state.pending.set(redirectRef, { storeId: input.storeId, amount: input.amount ?? 0, customerRef: input.customerRef });
        return { ok: true, value: { redirectRef, redirect: { url: 'http://pay.test/redirect', params: { ref: redirectRef } } } };
      }),
    async verifyRedirectResult({ storeId, params, purposes }): Promise<GatewayResult<RedirectResult>> {
      const ref = params.ref ?? '';
      const p = state.pending.get(ref);
      const purpose = ref.startsWith('ch-') ? 'challenge' : 'charge';
      if (!p || p.storeId !== storeId || params.sig !== `signed-${ref}` || !purposes.includes(purpose) || state.usedResults.has(ref))
        return { ok: false, failure: { kind: 'invalid_result', code: 'bad' } };
      state.usedResults.add(ref);
      const outcome = (params.outcome as RedirectResult['outcome']) ?? 'approved';
      return {
        ok: true,
        value: {
          redirectRef: ref,
          purpose,
          outcome,
          customerRef: p.customerRef,
          methodType: 'SbpsCredit',
          ...(outcome === 'approved' ? { authorizationRef: `auth-${ref}` } : {}),
          amount: p.amount,
        },
      };
    },
    authorize: (input: AuthorizeInput) =>
      once<AuthorizeOutcome>(input.idempotencyKey, () => {
        state.authorizeCalls++;
        if (input.source.kind === 'card' && input.source.cardRef === CARD_DECLINE)
          return { ok: false, failure: { kind: 'declined', code: 'G12' } };
        if (
          input.source.kind === 'card' &&
          input.source.cardRef === CARD_3DS &&
          !input.source.threeDSecure?.tds2infoToken.startsWith('frictionless')
        ) {
          const challengeRef = `ch-${++seq}`;
          state.pending.set(challengeRef, { storeId: input.storeId, amount: input.amount, customerRef: input.customerRef });
          return {
            ok: true,
            value: { status: 'challenge', challengeRef, redirect: { url: 'http://pay.test/3ds', params: { ref: challengeRef } } },
          };
        }
        return { ok: true, value: { status: 'authorized', authorizationRef: `auth-${++seq}` } };
      }),
    capture: async (input) => {
      if (state.captureDown) return { ok: false, failure: { kind: 'unavailable' } };
      return once(input.idempotencyKey, () => {
        state.captures.push({ authorizationRef: input.authorizationRef, amount: input.amount, key: input.idempotencyKey });
        const chargeRef = `charge-${++seq}`;
        chargeRefs.set(input.idempotencyKey, chargeRef);
        return { ok: true, value: { chargeRef } };
      });
    },
    refund: async (input) => {
      if (state.down) return { ok: false, failure: { kind: 'unavailable' } };
      const answer = await once(input.idempotencyKey, () => {
        const charged = state.captures.find((c) => chargeRefs.get(c.key) === input.chargeRef);
        if (!charged) return { ok: false, failure: { kind: 'invalid_request', code: 'charge_unknown' } };
        const refunded = state.refunds.filter((r) => r.chargeRef === input.chargeRef).reduce((n, r) => n + r.amount, 0);
        if (input.amount <= 0 || input.amount > charged.amount - refunded)
          return { ok: false, failure: { kind: 'invalid_request', code: 'amount_invalid' } };
        state.refunds.push({ chargeRef: input.chargeRef, amount: input.amount, key: input.idempotencyKey });
        return { ok: true, value: { refundRef: `refund-${++seq}` } };
      });
      return state.refundAnswerLost ? { ok: false, failure: { kind: 'unavailable' } } : answer;
    },
  };
  return { gateway, state };
}
