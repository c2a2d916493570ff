// One renewal charge through the gateway: authorize then capture with keys derived from the
// attempt's idempotency key, so asking again (a second worker, a restarted one) answers the first
// answer and never charges twice. The engine's charges (renewals, its retries) are
// merchant-initiated: they reference the charge the member made in person (decision 0049) and
// cannot take a 3-D Secure challenge, which counts as a decline. The member's own retry is
// customer-initiated: the card may ask for the challenge, and the member answers it.

import type { PaymentMethodType } from '#config-schema/store-settings.ts';
import type { ChargeOutcome, Step } from '#domain/billing/renewal-step.ts';
import type { ChargeSource, GatewayFailure, PaymentGateway, ProviderRedirect } from '#server/platform/payments/gateway.ts';
import type { DueContract } from './repo.ts';

export type ChargeResult = { outcome: ChargeOutcome; chargeRef: string | null; failureCode: string | null };
/** The member's retry asks for 3-D Secure: the browser goes to the provider, the result comes back to the return. */
export type ChargeChallenge = { outcome: 'challenge'; redirect: ProviderRedirect };

type ChargeStep = Extract<Step, { kind: 'charge' }>;

const failed = (f: GatewayFailure): ChargeResult =>
  f.kind === 'unavailable'
    ? { outcome: 'unavailable', chargeRef: null, failureCode: null }
    : { outcome: 'declined', chargeRef: null, failureCode: `${f.kind}:${f.code}` };

function sourceOf(c: DueContract): ChargeSource | null {
  const m = c.method;
  if (!m) return null;
  if (m.cardRef) return { kind: 'card', cardRef: m.cardRef };
  if (m.agreementRef) return { kind: 'agreement', agreementRef: m.agreementRef, methodType: m.type as PaymentMethodType };
  return null;
}

export async function chargeContract(
  gateway: PaymentGateway,
  c: DueContract,
  step: ChargeStep,
  returnUrl: string,
): Promise<ChargeResult | ChargeChallenge> {
  if (step.amount === 0) return { outcome: 'succeeded', chargeRef: null, failureCode: null };
  const source = sourceOf(c);
  if (!source || !c.customerRef) return { outcome: 'declined', chargeRef: null, failureCode: 'no_payment_method' };
  const key = step.idempotencyKey;
  const byMember = step.attempt === 'member_retry';
  const authorized = await gateway.authorize({
    storeId: c.storeId,
    customerRef: c.customerRef,
    source,
    amount: step.amount,
    orderRef: key,
    description: `${c.planId} #${step.periodNo}`,
    idempotencyKey: `${key}-authorize`,
    returnUrl,
    ...(byMember ? {} : { initiator: { kind: 'merchant' as const, initialChargeRef: c.initialChargeRef } }),
  });
  if (!authorized.ok) return failed(authorized.failure);
  if (authorized.value.status !== 'authorized')
    return byMember
      ? { outcome: 'challenge', redirect: authorized.value.redirect }
      : { outcome: 'declined', chargeRef: null, failureCode: 'challenge_required' };
  return captureCharge(gateway, c, step, authorized.value.authorizationRef);
}

/** Captures an authorised charge of the step (after the authorisation, or after the member's challenge). */
export async function captureCharge(
  gateway: PaymentGateway,
  c: DueContract,
  step: ChargeStep,
  authorizationRef: string,
): Promise<ChargeResult> {
  const captured = await gateway.capture({
    storeId: c.storeId,
    authorizationRef,
    amount: step.amount,
    idempotencyKey: `${step.idempotencyKey}-capture`,
  });
  if (!captured.ok) return failed(captured.failure);
  return { outcome: 'succeeded', chargeRef: captured.value.chargeRef, failureCode: null };
}
