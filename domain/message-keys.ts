// Every message key an error may carry, so the type checker refuses a mistyped one before it can
// reach a member. Validation keys come from the validators (validation/messages.ts); the server's
// own keys are listed here, and server/platform/i18n/server-messages.ts must give each one its text.
import type { MessageParams, ValidationMessageKey } from './validation/messages.ts';

export const serverMessageKeys = [
  'request.invalidJson',
  'request.invalidForm',
  'request.unknownField',
  'login.failed',
  'login.wrongEmailOrPassword',
  'login.wrongUserIdOrPassword',
  'login.tryLater',
  'login.prohibited',
  'login.passwordOff',
  'login.codeExpired',
  'authCode.failed',
  'authCode.sendFailed',
  'authCode.tooMany',
  'authCode.wait',
  'signup.emailExists',
  'signup.emailExistsSummary',
  'signup.userIdExists',
  'signup.validationFailed',
  'signup.timeout',
  'signup.failed',
  'password.reused',
  'password.common',
  'password.containsIdentifier',
  'reset.invalidToken',
  'postalCode.notFound',
  'botCheck.failed',
  'mailEdit.expired',
  'passwordSetting.expired',
  'account.passwordIncorrect',
  'account.passwordFirst',
  'account.passwordAlreadySet',
  'consent.unknownOption',
  'withdraw.expired',
  'purchase.sessionFlow',
  'purchase.challengeFailed',
  'campaign.freeTrialUsed',
  'campaign.invalid',
  'campaign.notApplicable',
  'campaign.notFullDiscount',
  'purchase.methodNotSelected',
  'purchase.methodNotRegistered',
  'subscription.undoNotCancelled',
  'externalId.lastWayIn',
] as const;

export type ServerMessageKey = (typeof serverMessageKeys)[number];

/** A key the error body can translate: the server's own or a validator's. */
export type MessageKey = ServerMessageKey | ValidationMessageKey;

/** A field's message: a key, or a key with the values of its placeholders ({field}, {max}). */
export type FieldMessage = MessageKey | { key: MessageKey; params: MessageParams };
