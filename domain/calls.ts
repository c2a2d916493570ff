// Every JSON call of the app, by "METHOD /path": the contract between the route on the server
// (which parses its body with the row and answers what the row says), the browser's call()
// (which takes its path parameters, body and answer types from the row) and the test suites
// (the fuzz generates bodies the row refuses; the integration harness checks every answer of a
// row against it). Adding a call is one row here and one handler. Decision 0039.
import { z } from 'zod';
import { changePaymentMethodBodySchema, paymentHistoryPageSchema } from './billing/subscription-screens.ts';
import { subscriptionStatuses } from './billing/subscription-status.ts';
import { type BodyArgs, type CallRow, noBody, one, type Part, row } from './call-contract.ts';
import { creditBodySchema, linkBodySchema } from './commerce/payment-methods.ts';
import { PURCHASE_FORM_FIELDS, purchaseBodySchema, purchaseFormSchema } from './commerce/purchase-input.ts';
import { orderVerificationSchema } from './commerce/purchase-screens.ts';
import { accountEditBodySchema } from './validation/account-edit.ts';
import { consentBodySchema } from './validation/consent.ts';
import { emailSchema } from './validation/email.ts';
import { emailEditBodySchema, emailEditSendPinCodeBodySchema } from './validation/email-edit.ts';
import { INVALID } from './validation/issues.ts';
import { authCodeSchema, loginCodeRequestSchema, loginPasswordSchema } from './validation/login.ts';
import { passwordResetSchema } from './validation/password.ts';
import { enablePasswordSchema, passwordEditBodySchema } from './validation/password-setting.ts';
import { pinCodeSetBodySchema } from './validation/pin-code.ts';
import { policyConsentSchema } from './validation/policy-consent.ts';
import { PROFILE_FIELDS } from './validation/profile-field-list.ts';
import { userIdField } from './validation/profile-fields.ts';
import { profileImageBodySchema } from './validation/profile-image.ts';
import { sendPinCodeBodySchema } from './validation/send-pin-code.ts';
import { signupFormSchema } from './validation/signup-form.ts';
import { surveyAnswersSchema } from './validation/survey-answers.ts';
import { userIdEditSchema } from './validation/user-id-edit.ts';
import { withdrawBodySchema, withdrawConfirmSchema } from './validation/withdraw.ts';
import { REF_ID_PATTERN } from './watch/watch-list.ts';

// --- Pieces several rows share. -----------------------------------------------------------------

/** The bot check's token, beside a login's or a sign-up's fields. */
export const botToken = z.string().max(2000).optional();
/** Where the viewer goes afterwards: a same-site path is kept, anything else ignored (the route checks). */
const redirectTo = z.string().max(2000).optional();
/** An app's sign-in in progress at the OpenID provider (decision 0023): its interaction's id. */
export const interactionUid = z.string().min(1).max(100);
/** The external-ID providers (decision 0022). */
export const externalProvider = z.enum(['line', 'google', 'yahoojp', 'facebook']);

const redirect = z.object({ redirectTo: z.string() });
const maxEmail = (a: BodyArgs) => a.store.settings.signupFields.maxLengths.email;
const consent = (a: BodyArgs) => policyConsentSchema(a.store.settings.policies);

/**
 * POST {path} of a login: the code (userIdentifierMethod AuthCode) or the password, beside the
 * variant's own fields (the store's redirectTo, or the provider's interaction uid).
 */
const login = <E extends z.ZodRawShape>(extra: E) =>
  row({
    body: (a: BodyArgs, raw: Record<string, unknown>) =>
      raw.userIdentifierMethod === 'AuthCode'
        ? ([
            // emailUserId may come along with a code (the form keeps it) and is not read.
            {
              schema: z.object({
                authCode: authCodeSchema,
                userIdentifierMethod: z.literal('AuthCode'),
                emailUserId: z.unknown().optional(),
              }),
            },
            { schema: z.object(extra) },
          ] as const)
        : ([{ schema: loginPasswordSchema(a.store.publicSettings) }, { schema: z.object(extra) }] as const),
    answer: redirect,
  });

/** POST {path}/code of a login: mails a code to a member's address and starts the code flow. */
const loginCode = <E extends z.ZodRawShape>(extra: E) =>
  row({
    body: (a: BodyArgs) =>
      [
        { schema: loginCodeRequestSchema(a.store.publicSettings).extend({ isAmaltheaLogin: z.boolean().optional() }) },
        { schema: z.object(extra) },
      ] as const,
    answer: redirect,
  });

/** The sign-up's e-mail step, the store's or an app's sign-in's (with the interaction's uid). */
const signupEmail = <E extends z.ZodRawShape>(extra: E) =>
  row({
    body: (a: BodyArgs) =>
      one(
        z.object({
          type: z.literal('signUp').optional(),
          email: emailSchema(maxEmail(a)),
          policyConsentData: consent(a).optional(),
          botToken,
          ...extra,
        }),
      ),
    answer: redirect,
  });

/** The sign-up form's own keys: every profile field the form may have (those the store does not use are dropped). */
const SIGNUP_FORM_KEYS = [...PROFILE_FIELDS, 'customAssociatedInfo', 'password', 'passwordConfirm'];

/** POST /zapi/auth/social/disable. */
export const disableBodySchema = z.object({ userIdentifierType: externalProvider, userIdentifierMethod: z.string().max(40).optional() });
export const disableAnswerSchema = z.object({ redirectTo: z.literal('/mypage/social/disable/complete') });

const providerRedirect = z.object({ url: z.string(), params: z.record(z.string(), z.string()) });

/**
 * The answer of POST /zapi/subscription/{id}/re-settlement: the subscription after the retry, or
 * the 3-D Secure challenge the card asks for first (the browser posts `providerRedirect`; decision 0049).
 */
export const reSettlementAnswerSchema = z.union([
  z.object({
    subscriptionId: z.string(),
    subscriptionStatus: z.enum(subscriptionStatuses),
    nextSettlementDay: z.string(),
  }),
  z.object({ redirectTo: z.string(), providerRedirect }),
]);

// --- The table. --------------------------------------------------------------------------------

export const calls = {
  // Login (spec 7), the store's and an app's sign-in through the store (decision 0023).
  'POST /login': login({ botToken, redirectTo }),
  'POST /login/code': loginCode({ botToken, redirectTo }),
  'POST /oidc/login': login({ botToken, uid: interactionUid }),
  'POST /oidc/login/code': loginCode({ botToken, uid: interactionUid }),

  // Sign-up.
  'POST /zapi/signup/policy': row({ body: (a) => one(z.object({ policyConsentData: consent(a), redirectTo })), answer: redirect }),
  'POST /zapi/signup/email': signupEmail({ redirectTo }),
  'POST /zapi/oidc/signup/email': signupEmail({ uid: interactionUid }),
  'POST /zapi/signup/pin-code': row({ body: () => one(z.object({ pinCode: authCodeSchema })), answer: redirect }),
  'POST /zapi/signup': row({
    body: (a) =>
      [
        {
          schema: signupFormSchema(a.store.publicSettings, { now: a.now, ...(a.externalId ? { password: false } : {}) }),
          keys: SIGNUP_FORM_KEYS,
        },
        { schema: z.object({ policyConsentData: consent(a).optional(), botToken }) },
      ] as const,
    answer: redirect,
  }),
  'POST /zapi/account/user-id/verify': row({
    body: () => one(z.object({ userId: userIdField('REQUIRED') })),
    answer: z.object({ available: z.literal(true) }),
  }),
  'POST /zapi/account/email/send-pin-code': row({
    body: (a) => one(sendPinCodeBodySchema(maxEmail(a))),
    answer: z.object({ ok: z.literal(true) }),
  }),

  // Password reset (a store without passwords answers 404 to any body).
  'POST /zapi/auth/password/forgot': row({ body: (a) => one(z.object({ email: emailSchema(maxEmail(a)) })), answer: redirect }),
  'POST /zapi/auth/password/reset': row({ body: (a) => one(passwordResetSchema(a.store.settings.passwordStrength)), answer: redirect }),

  // External IDs (decision 0022).
  'POST /zapi/auth/social/disable': row({ body: () => one(disableBodySchema), answer: disableAnswerSchema }),

  // My Page credentials.
  'POST /zapi/account/email/edit/send-pin-code': row({
    body: (a) => one(emailEditSendPinCodeBodySchema(maxEmail(a), a.currentEmail ?? '')),
    answer: redirect,
  }),
  'POST /zapi/account/email/edit': row({ body: (a) => one(emailEditBodySchema(maxEmail(a))), answer: redirect }),
  'POST /zapi/account/enable-password': row({
    body: (a) => one(enablePasswordSchema(a.store.settings.passwordStrength)),
    answer: redirect,
  }),
  'POST /zapi/account/password/edit': row({
    body: (a) => one(passwordEditBodySchema(a.store.settings.passwordStrength)),
    answer: redirect,
  }),
  'POST /zapi/account/user-id/edit': row({ body: (a) => one(userIdEditSchema(a.currentUserId ?? null)), answer: redirect }),

  // My Page details, consents, PIN, withdrawal.
  'POST /zapi/account/edit': row({ body: (a) => one(accountEditBodySchema(a.store.publicSettings, { now: a.now })), answer: redirect }),
  'POST /zapi/account/profile-image': row({
    body: () => one(profileImageBodySchema),
    answer: z.object({ profileImageUrl: z.string().nullable() }),
  }),
  'POST /zapi/account/consent': row({ body: () => one(consentBodySchema), answer: z.object({ value: z.boolean() }) }),
  'POST /zapi/account/pinCode/set': row({ body: () => one(pinCodeSetBodySchema), answer: redirect }),
  'POST /zapi/account/withdraw/confirm': row({
    body: (a) => one(withdrawConfirmSchema(a.surveyQuestions ?? [])),
    answer: redirect,
  }),
  'DELETE /zapi/account/withdraw': row({ body: () => one(withdrawBodySchema), answer: redirect }),

  // Purchases: the body first, then the plan (an unknown plan is a 404).
  'POST /zapi/purchase/form/:planId': row({
    body: () => [{ schema: purchaseFormSchema, keys: PURCHASE_FORM_FIELDS }] as const,
    answer: orderVerificationSchema,
  }),
  'POST /zapi/purchase/verify/:planId': row({
    body: () => [{ schema: purchaseFormSchema, keys: PURCHASE_FORM_FIELDS }] as const,
    answer: orderVerificationSchema.extend({ purchaseToken: z.string(), redirectTo: z.string() }),
  }),
  'POST /zapi/purchase/:planId': row({
    body: () => one(purchaseBodySchema),
    answer: z.object({ redirectTo: z.string(), providerRedirect: providerRedirect.optional() }),
  }),

  // Payment methods.
  'POST /zapi/account/payment-method/credit': row({
    body: () => one(creditBodySchema),
    answer: z.object({ redirectTo: z.string(), accountPaymentMethodId: z.string() }),
  }),
  'POST /zapi/account/payment-method/link': row({
    body: () => one(linkBodySchema),
    answer: z.object({ linkUrl: z.string(), params: z.record(z.string(), z.string()) }),
  }),
  'GET /zapi/account/payment-method/paypal': noBody(redirect),
  // The body is not read: no such method answers 404 (401 for a guest), whatever is sent.
  'DELETE /zapi/account/payment-method/:id': noBody(redirect),
  'GET /zapi/account/payment-history/:page': noBody(paymentHistoryPageSchema),

  // The member's subscriptions.
  'POST /zapi/subscription/:id/re-settlement': noBody(reSettlementAnswerSchema),
  'POST /zapi/subscription/:id/change-payment-method': row({ body: () => one(changePaymentMethodBodySchema), answer: redirect }),
  // The subscription (and so its plan's survey) is looked up before the body is parsed.
  'POST /zapi/subscription/:id/withdraw': row({
    body: (a) => one(z.object({ surveyAnswers: surveyAnswersSchema(a.surveyQuestions ?? []) }, INVALID).strip()),
    answer: redirect,
  }),
  // No payload (a malformed JSON body is still refused with 400).
  'POST /zapi/subscription/:id/withdraw/cancel': noBody(redirect),

  // Connected apps: the body is not read.
  'POST /zapi/oidc/revoke/grant/:grantId': noBody(z.object({ redirectTo: z.literal('/mypage/connections') })),

  // Reads.
  'GET /zapi/postal-code/:code': noBody(
    z.object({
      results: z.array(z.object({ prefectureCode: z.number(), city: z.string(), town: z.string(), allAddress: z.string() })),
    }),
  ),

  // Playback.
  'POST /api/streaks/playback/fetch': row({
    body: () => one(z.object({ refId: z.string(INVALID).regex(REF_ID_PATTERN, INVALID) })),
    answer: z.object({ refId: z.string(), streamUrl: z.string(), expiresAt: z.string().nullable() }),
  }),
} as const;

// Every row is a CallRow under a "METHOD /path" key (checked here, not with `satisfies`, which
// would widen each row's inferred body to CallRow's and lose whether it takes one).
const _rows: Record<`${'GET' | 'POST' | 'DELETE'} /${string}`, CallRow> = calls;
void _rows;

export type Calls = typeof calls;
export type CallKey = keyof Calls;
export type { Part };
