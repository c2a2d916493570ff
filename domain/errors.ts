// The closed set of error codes, their default HTTP statuses, the error object sent to the
// browser, the AppError class and the error page chosen for a status.
// The code is the contract; message text is translated elsewhere.
import { z } from 'zod';
import type { FieldMessage, ServerMessageKey } from './message-keys.ts';

export const defaultStatus = {
  // Generic HTTP
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
  // Tenancy, access and request safety
  STORE_NOT_FOUND: 404,
  PROFILE_FORBIDDEN: 403,
  REGION_UNAVAILABLE: 451,
  CROSS_SITE_REQUEST: 403,
  /** A store preview (decision 0050) is read-only: no sign-up, login, purchase or change. */
  PREVIEW_READ_ONLY: 403,
  REQUEST_UNAUTHORIZED: 401,
  INVALID_SESSION_FLOW: 409,
  // Accounts and authentication
  LOGIN_FAILED: 401,
  PIN_CODE_ERROR: 400,
  INVALID_PASSWORD_REUSED: 400,
  ACCOUNT_ALREADY_EXISTS: 409,
  ACCOUNT_ALREADY_EXISTS_EMAIL: 409,
  ACCOUNT_ALREADY_EXISTS_USER_ID: 409,
  // Purchases and payment methods
  ALREADY_CONTRACTED: 409,
  CONTRACT_LIMIT_REACHED: 409,
  PLAN_NOT_PURCHASABLE: 409,
  PAYMENT_METHOD_NOT_SELECTED: 400,
  INVALID_CAMPAIGN_CODE: 400,
  PAYMENT_METHOD_IN_USE: 409,
  PAYMENT_METHOD_NOT_FOUND: 404,
  PAYMENT_METHOD_TYPE_NOT_OFFERED: 400,
  PAYMENT_METHOD_UNUSABLE: 409,
  CARD_REGISTRATION_FAILED: 400,
  PAYMENT_PROVIDER_UNAVAILABLE: 503,
  INVALID_PAYMENT_RESULT: 400,
  PURCHASE_TOO_FREQUENT: 429,
  CAMPAIGN_NOT_APPLICABLE: 400,
  CAMPAIGN_NOT_FULL_DISCOUNT: 400,
  PAYMENT_DECLINED: 402,
  DUPLICATE_BILLING: 409,
  PAYMENT_METHOD_NOT_REGISTERED: 400,
  // Subscriptions of My Page (decision 0020)
  SUBSCRIPTION_NOT_FOUND: 404,
  SUBSCRIPTION_RENEWING: 409,
  SUBSCRIPTION_CANCEL_INVALID: 409,
  SUBSCRIPTION_UNDO_INVALID: 409,
  SUBSCRIPTION_UNDO_NO_PAYMENT_METHOD: 409,
  SUBSCRIPTION_NOT_CHANGEABLE: 409,
  SUBSCRIPTION_UPDATE_FAILED: 409,
  WITHDRAWAL_BLOCKED_BY_PLAN: 409,
  NOT_ENTITLED: 403,
  // Subscriptions (issue 10)
  RE_SETTLEMENT_NOT_ALLOWED: 409,
  // Refunds (issue 23 point 7, decision 0052)
  REFUND_NOT_ALLOWED: 409,
  REFUND_AMOUNT_INVALID: 400,
  BOT_CHECK_FAILED: 400,
  INVALID_RESET_TOKEN: 400,
  LOGIN_BLOCKED: 429,
  SIGNUP_FLOW_EXPIRED: 409,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof defaultStatus;

export const errorCodes = Object.keys(defaultStatus) as readonly ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(defaultStatus, value);
}

/** The JSON body of every non-OK API answer. `code` is a string so unknown codes still parse. */
export const errorObjectSchema = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  requestId: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** How long to wait before trying again (429 answers), in whole seconds. */
  retryAfterSeconds: z.number().int().positive().optional(),
});

export type ErrorObject = z.infer<typeof errorObjectSchema>;

export type AppErrorOptions = {
  /** Overrides the code's default status. */
  status?: number;
  /** The text to show instead of the code's default (server/platform/i18n/server-messages.ts). */
  message?: ServerMessageKey;
  /** The single form field the error belongs to (its message goes on that field). */
  field?: string;
  /** Per-field messages (field name -> message key). */
  fields?: Record<string, FieldMessage>;
  /** How long the caller must wait before trying again (429 answers; also the Retry-After header). */
  retryAfterSeconds?: number;
  cause?: unknown;
};

export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly messageKey: ServerMessageKey | undefined;
  readonly field: string | undefined;
  readonly fields: Record<string, FieldMessage> | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, opts: AppErrorOptions = {}) {
    super(opts.message ?? code, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.code = code;
    this.status = opts.status ?? defaultStatus[code];
    this.messageKey = opts.message;
    this.field = opts.field;
    this.fields = opts.fields;
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
