// The gateway of a deployment without a payment provider configured: every call answers
// `unavailable` (the purchase answers 504 and nothing is charged). The composition root uses it
// until the sandbox provider's adapter (h-sandbox) or a real one is given.
import type { PaymentGateway } from '#server/features/payments/gateway.ts';

const unavailable = async () => ({ ok: false as const, failure: { kind: 'unavailable' as const } });

export const unavailableGateway: PaymentGateway = {
  name: 'unavailable',
  browserConfig: () => ({ origin: '', scriptUrl: '', merchantId: '', serviceId: '' }),
  registerCard: unavailable,
  deleteCard: unavailable,
  startRedirect: unavailable,
  verifyRedirectResult: unavailable,
  authorize: unavailable,
  capture: unavailable,
  refund: unavailable,
};
