// The purposes a one-time code serves and the rules of each. Adding a purpose (My Page brings
// mailEdit, passwordSetting and withdraw) is one entry in CODE_PURPOSES: the resend call, the
// check and the delivery read everything they need from it.
import { AppError } from '#domain/errors.ts';
import type { AuthCodePurpose } from '#domain/validation/send-pin-code.ts';
import type { Flow, FlowKind } from '#server/platform/flows/repo.ts';

// Every purpose of the spec's list (shared with the browser); a code is bound to one (code-repo.ts).
export { AUTH_CODE_PURPOSES, type AuthCodePurpose } from '#domain/validation/send-pin-code.ts';

export type CodePurposeRule = {
  /** The flow that carries the code's address between the steps (its cookie: FLOW_COOKIES). */
  flow: FlowKind;
  /** The address or name the code goes to, from the flow; null: the flow has none (expired). */
  addressOf: (flow: Flow) => string | null;
  /** Whether a resend that names an e-mail must name the flow's own. */
  resendChecksEmail: boolean;
  /** The form field of the code: PIN_CODE_ERROR is reported there. */
  field: string;
  /** What a missing or expired flow answers. */
  expired: () => AppError;
  /**
   * 'now': issued and mailed during the request, and a mail the SMTP server refused is reported
   * (every address gets one, so that tells nothing about membership). 'afterAnswer': the request
   * only queues a job, and the mail worker decides whether the name is a member's (decision 0009).
   */
  delivery: 'now' | 'afterAnswer';
  /**
   * The flow belongs to a signed-in member (its identifier is the account id): only that member's
   * session may resend its code; a guest is UNAUTHORIZED.
   */
  memberOnly?: true;
};

/** The purposes served today. A purpose without an entry answers UNAUTHORIZED. */
export const CODE_PURPOSES: Partial<Record<AuthCodePurpose, CodePurposeRule>> = {
  signUp: {
    flow: 'signUp',
    addressOf: (flow) => flow.email,
    resendChecksEmail: true,
    field: 'pinCode',
    expired: () => new AppError('SIGNUP_FLOW_EXPIRED', { message: 'signup.timeout' }),
    delivery: 'now',
  },
  login: {
    flow: 'login',
    // The typed name (an address or a user ID): a stranger's name has no code, and fails the same way.
    addressOf: (flow) => flow.identifier,
    resendChecksEmail: false,
    field: 'authCode',
    expired: () => new AppError('INVALID_SESSION_FLOW', { message: 'login.codeExpired' }),
    delivery: 'afterAnswer',
  },
  // My Page: the code goes to the new address the member typed (kept in the flow), mailed now.
  mailEdit: {
    flow: 'mailEdit',
    addressOf: (flow) => flow.email,
    resendChecksEmail: true,
    field: 'pinCode',
    expired: () => new AppError('INVALID_SESSION_FLOW', { message: 'mailEdit.expired' }),
    delivery: 'now',
    memberOnly: true,
  },
  // My Page: the code goes to the member's own address (kept in the flow when the page opened).
  passwordSetting: {
    flow: 'passwordSetting',
    addressOf: (flow) => flow.email,
    resendChecksEmail: true,
    field: 'pinCode',
    expired: () => new AppError('INVALID_SESSION_FLOW', { message: 'passwordSetting.expired' }),
    delivery: 'now',
    memberOnly: true,
  },
  withdraw: {
    flow: 'withdraw',
    // The member's own address, from their account when the flow started.
    addressOf: (flow) => flow.email,
    resendChecksEmail: true,
    field: 'pinCode',
    expired: () => new AppError('INVALID_SESSION_FLOW', { message: 'withdraw.expired' }),
    // A member's own address: a refused mail tells them nothing new, so it is reported.
    delivery: 'now',
    memberOnly: true,
  },
};

/** The rule of a purpose served today, or UNAUTHORIZED (member purposes arrive with My Page). */
export function codePurpose(purpose: AuthCodePurpose): CodePurposeRule {
  const rule = CODE_PURPOSES[purpose];
  if (!rule) throw new AppError('UNAUTHORIZED');
  return rule;
}
