// One renewal charge through the gateway: authorize then capture with keys derived from the
// attempt's idempotency key, so asking again (a second worker, a restarted one) answers the first
// answer and never charges twice. A merchant-initiated charge cannot take a 3-D Secure challenge:
// that counts as a decline.

import type { PaymentMethodType } from '#config-schema/store-settings.ts';
import type { ChargeOutcome, Step } from '#domain/billing/renewal-step.ts';
import type { ChargeSource, GatewayFailure, PaymentGateway } from '#server/platform/payments/gateway.ts';
import type { DueContract } from './repo.ts';

export type ChargeResult = { outcome: ChargeOutcome; chargeRef: string | null; failureCode: string | null };

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
  step: Extract<Step, { kind: 'charge' }>,
  returnUrl: string,
): Promise<ChargeResult> {
  if (step.amount === 0) return { outcome: 'succeeded', chargeRef: null, failureCode: null };
  const source = sourceOf(c);
  if (!source || !c.customerRef) return { outcome: 'declined', chargeRef: null, failureCode: 'no_payment_method' };
  const key = step.idempotencyKey;
  const authorized = await gateway.authorize({
    storeId: c.storeId,
    customerRef: c.customerRef,
    source,
    amount: step.amount,
    orderRef: key,
    description: `${c.planId} #${step.periodNo}`,
    idempotencyKey: `${key}-authorize`,
    returnUrl,
  });
  if (!authorized.ok) return failed(authorized.failure);
  if (authorized.value.status !== 'authorized') return { outcome: 'declined', chargeRef: null, failureCode: 'challenge_required' };
  const captured = await gateway.capture({
    storeId: c.storeId,
    authorizationRef: authorized.value.authorizationRef,
    amount: step.amount,
    idempotencyKey: `${key}-capture`,
  });
  if (!captured.ok) return failed(captured.failure);
  return { outcome: 'succeeded', chargeRef: captured.value.chargeRef, failureCode: null };
}
