import { AppError } from '#domain/errors.ts';
import type { Flow, FlowKind } from '#server/features/flows/repo.ts';
import type { IdentityServices } from '#server/features/identity/services.ts';
import type { AuthCodePurpose } from './codes.ts';

/** Wrong codes a flow may enter; then it takes no more and the viewer starts again. */
export const FLOW_MAX_WRONG_CODES = 5;

/**
 * Checks a one-time code entered in a flow (sign-up, code login). Wrong entries count against this
 * flow (5, then the flow is dead: the right code fails too) and against the client address
 * (send-limits.ts), never against the code itself, so a stranger guessing cannot spoil the code in
 * the owner's mailbox. Throws PIN_CODE_ERROR on `field`.
 */
export async function checkCodeInFlow(
  ids: IdentityServices,
  input: {
    storeId: string;
    kind: FlowKind;
    token: string;
    flow: Pick<Flow, 'failedAttempts'>;
    email: string;
    purpose: AuthCodePurpose;
    code: string;
    clientIp: string;
    field: string;
  },
): Promise<void> {
  const fail = () => new AppError('PIN_CODE_ERROR', { field: input.field, message: 'authCode.failed' });
  if (input.flow.failedAttempts >= FLOW_MAX_WRONG_CODES) throw fail();
  await ids.sendLimits.assertMayTryCode(input.storeId, input.clientIp);
  const codes = await ids.codes();
  const ok = await codes.verify({ storeId: input.storeId, email: input.email, purpose: input.purpose, code: input.code }).then(
    () => true,
    (e: unknown) => {
      if (e instanceof AppError && e.code === 'PIN_CODE_ERROR') return false;
      throw e;
    },
  );
  if (ok) return;
  await ids.flows.recordFailedAttempt(input.storeId, input.kind, input.token);
  await ids.sendLimits.recordWrongCode(input.storeId, input.clientIp);
  throw fail();
}
