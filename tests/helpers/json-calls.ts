// What each JSON call of the app accepts, written from its route file: the zod schema(s) the
// handler parses (built by domain/validation from the store's settings) plus the keys it allows
// (parseInput refuses any other key). The fuzz suite uses `accepts` to prove a generated body is
// invalid, and `valid` as the seeds it mutates. A call the app registers without an entry here
// fails the fuzz suite: add one when you add a call.

import type { Hono } from 'hono';
import { inspectRoutes } from 'hono/dev';
import { z } from 'zod';
import { changePaymentMethodBodySchema } from '#domain/billing/subscription-screens.ts';
import { creditBodySchema, linkBodySchema } from '#domain/commerce/payment-methods.ts';
import { PURCHASE_FIELDS, PURCHASE_FORM_FIELDS, purchaseBodySchema, purchaseFormSchema } from '#domain/commerce/purchase-input.ts';
import { accountEditBody, accountEditBodySchema, editedFields } from '#domain/validation/account-edit.ts';
import { consentBodySchema, consentOptionFor } from '#domain/validation/consent.ts';
import { customInfoDefaults } from '#domain/validation/custom-info.ts';
import { emailSchema } from '#domain/validation/email.ts';
import { emailEditBodySchema, emailEditSendPinCodeBodySchema } from '#domain/validation/email-edit.ts';
import { authCodeSchema, loginCodeRequestSchema, loginPasswordSchema } from '#domain/validation/login.ts';
import { passwordResetSchema } from '#domain/validation/password.ts';
import { enablePasswordSchema, passwordEditBodySchema } from '#domain/validation/password-setting.ts';
import { pinCodeSetBodySchema } from '#domain/validation/pin-code.ts';
import { policyConsentSchema } from '#domain/validation/policy-consent.ts';
import { userIdField } from '#domain/validation/profile-fields.ts';
import { profileImageBodySchema } from '#domain/validation/profile-image.ts';
import { fieldUsages, PROFILE_FIELDS, signupFormSchema } from '#domain/validation/signup-form.ts';
import { userIdEditSchema } from '#domain/validation/user-id-edit.ts';
import { withdrawBodySchema, withdrawConfirmSchema } from '#domain/validation/withdraw.ts';
import { disableBodySchema } from '#server/features/external-ids/schemas.ts';
import { withdrawalQuestions } from '#server/features/withdrawal/survey.ts';
import { isLoginCall } from '#server/platform/http/login-paths.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';

export type Body = Record<string, unknown>;

export type JsonCall = {
  /** Where the fuzz sends it (a path for a route with parameters or a wildcard). */
  path: string;
  /** Whether the handler would get past its input validation with this (already JSON-parsed) body. */
  accepts(body: unknown, store: StoreContext, now: Date): boolean;
  /** Bodies the handler accepts, for this store: the seeds of the mutations. */
  valid(store: StoreContext): Body[];
  /** The call accepts no body at all (the seeds are then only shapes to mutate). */
  acceptsNothing?: true;
  /** The method when it is not POST. */
  method?: 'DELETE';
};

/** A handler (not a middleware) the app registers: "POST /zapi/signup". */
export type RouteKey = `${string} ${string}`;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'ALL']);

/** Every route handler of the app, middleware left out, as "METHOD /path". */
export function routeTable(app: Hono<never>): RouteKey[] {
  const keys = inspectRoutes(app as never)
    .filter((r) => !r.isMiddleware)
    .map((r) => `${r.method} ${r.path}` as RouteKey);
  return [...new Set(keys)];
}

/** The JSON calls (spec 7): write methods under /zapi/* and the login actions (the store's and the provider's). */
export function jsonCallRoutes(app: Hono<never>): RouteKey[] {
  return routeTable(app).filter((key) => {
    const [method = '', path = ''] = key.split(' ');
    return WRITE_METHODS.has(method) && (path.startsWith('/zapi/') || isLoginCall(path));
  });
}

const isPlainObject = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);
const onlyKeys = (body: Body, allowed: readonly string[]) => Object.keys(body).every((k) => allowed.includes(k));
/** readJsonObject + parseInput: a plain object, no key outside `allowed`, and the schema passes. */
const parses = (body: unknown, schema: z.ZodType, allowed: readonly string[]) =>
  isPlainObject(body) && onlyKeys(body, allowed) && schema.safeParse(body).success;

// The inline parts of server/features/login/routes.ts: the store's login takes redirectTo, the
// provider's (/oidc/login, decision 0023) the interaction's uid instead.
const loginExtra = { botToken: z.string().max(2000).optional(), redirectTo: z.string().max(2000).optional() };
const oidcLoginExtra = { botToken: z.string().max(2000).optional(), uid: z.string().min(1).max(100) };
const botToken = z.string().max(2000).optional();
const consent = (s: StoreContext) => policyConsentSchema(s.settings.policies);
const consentAgreed = (s: StoreContext) => s.settings.policies.map((p) => ({ policyId: p.policyId, revision: p.revision, agreed: true }));
const emailMax = (s: StoreContext) => s.settings.signupFields.maxLengths.email;

/** A password every strength accepts. */
export const FUZZ_PASSWORD = 'Fuzz#2026ok';

/** Values each standard profile field accepts when in use. */
const GOOD_PROFILE: Record<(typeof PROFILE_FIELDS)[number], string> = {
  userId: 'fuzzuser01',
  name: '山田 太郎',
  nameKana: 'ヤマダ タロウ',
  familyName: '山田',
  givenName: '太郎',
  familyNameKana: 'ヤマダ',
  givenNameKana: 'タロウ',
  nickname: 'たろう',
  sex: '1',
  birthday: '19900115',
  phoneNumber: '09012345678',
  postalCode: '1000001',
  prefecture: '13',
  address: '千代田1-1',
  message: 'こんにちは',
};

/** A complete sign-up form the store accepts. */
export function validSignupForm(s: StoreContext): Body {
  const form: Body = {};
  for (const [name, usage] of Object.entries(fieldUsages(s.publicSettings)))
    if (usage !== 'NOT_USE') form[name] = GOOD_PROFILE[name as never];
  const custom = customInfoDefaults(s.settings.signupFields.customAssociatedInfo);
  if (custom.length > 0) form.customAssociatedInfo = custom;
  if (s.settings.features.password) Object.assign(form, { password: FUZZ_PASSWORD, passwordConfirm: FUZZ_PASSWORD });
  return form;
}

/** A complete basic-information edit the store accepts (POST /zapi/account/edit). */
export function validAccountEdit(s: StoreContext): Body {
  const values: Body = {};
  for (const name of editedFields(s.publicSettings)) values[name] = GOOD_PROFILE[name];
  values.customAssociatedInfo = s.settings.signupFields.customAssociatedInfo.map((d) => ({
    id: d.id,
    value:
      d.type === 'TEXT' ? 'テスト' : d.type === 'SELECT' ? (d.selectOptions[0]?.id ?? '') : d.selectOptions.slice(0, 1).map((o) => o.id),
  }));
  return accountEditBody(values, s.publicSettings);
}

/** The smallest data URL the profile-image call accepts: a JPEG's first bytes. */
export const TINY_JPEG_DATA_URL = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==';

const SIGNUP_FORM_KEYS = [...PROFILE_FIELDS, 'customAssociatedInfo', 'password', 'passwordConfirm', 'policyConsentData', 'botToken'];

/** POST {path} (password or code) and POST {path}/code, with the variant's fields (`seed`: those a valid body needs). */
function loginCalls(path: string, extra: Record<string, z.ZodType>, seed: Body): Record<string, JsonCall> {
  const keys = Object.keys(extra);
  return {
    [`POST ${path}`]: {
      path,
      accepts(body, s) {
        if (!isPlainObject(body)) return false;
        if (body.userIdentifierMethod === 'AuthCode')
          return parses(body, z.object({ authCode: authCodeSchema, userIdentifierMethod: z.literal('AuthCode'), ...extra }), [
            'authCode',
            'userIdentifierMethod',
            'emailUserId',
            ...keys,
          ]);
        // A store without passwords refuses the password mode whatever the body (FORBIDDEN).
        return (
          s.publicSettings.features.password &&
          parses(body, loginPasswordSchema(s.publicSettings).extend(extra), ['emailUserId', 'password', ...keys])
        );
      },
      valid: () => [
        { emailUserId: 'fuzz@example.jp', password: 'whatever1', ...seed },
        {
          emailUserId: 'fuzz@example.jp',
          password: 'whatever1',
          botToken: 't',
          ...(keys.includes('redirectTo') && { redirectTo: '/plans' }),
          ...seed,
        },
        { authCode: '123456', userIdentifierMethod: 'AuthCode', ...seed },
        { authCode: '１２３ ４５６', userIdentifierMethod: 'AuthCode', ...(keys.includes('redirectTo') && { redirectTo: '/' }), ...seed },
      ],
    },
    [`POST ${path}/code`]: {
      path: `${path}/code`,
      accepts: (body, s) =>
        parses(body, loginCodeRequestSchema(s.publicSettings).extend(extra).extend({ isAmaltheaLogin: z.boolean().optional() }), [
          'emailUserId',
          'isAmaltheaLogin',
          ...keys,
        ]),
      valid: () => [
        { emailUserId: 'fuzz@example.jp', ...seed },
        { emailUserId: 'fuzz@example.jp', isAmaltheaLogin: false, ...(keys.includes('redirectTo') && { redirectTo: '/' }), ...seed },
      ],
    },
  };
}

/** POST /zapi/signup/email, and the provider's POST /zapi/oidc/signup/email with the interaction's uid. */
function signupEmailCalls(): Record<string, JsonCall> {
  const call = (path: string, extra: Record<string, z.ZodType>, seed: Body): JsonCall => ({
    path,
    accepts: (body, s) =>
      parses(
        body,
        z.object({
          type: z.literal('signUp').optional(),
          email: emailSchema(emailMax(s)),
          policyConsentData: consent(s).optional(),
          botToken,
          ...extra,
        }),
        ['type', 'email', 'policyConsentData', 'botToken', ...Object.keys(extra)],
      ),
    valid: (s) => [
      { type: 'signUp', email: 'fuzz@example.jp', ...seed },
      { type: 'signUp', email: 'fuzz@example.jp', policyConsentData: consentAgreed(s), ...seed },
    ],
  });
  return {
    'POST /zapi/signup/email': call('/zapi/signup/email', {}, {}),
    'POST /zapi/oidc/signup/email': call(
      '/zapi/oidc/signup/email',
      { uid: z.string().min(1).max(100) },
      { uid: 'fuzz-no-such-interaction' },
    ),
  };
}

export const JSON_CALLS: Record<string, JsonCall> = {
  ...loginCalls('/login', loginExtra, {}),
  ...loginCalls('/oidc/login', oidcLoginExtra, { uid: 'fuzz-no-such-interaction' }),
  'POST /zapi/signup/policy': {
    path: '/zapi/signup/policy',
    accepts: (body, s) => parses(body, z.object({ policyConsentData: consent(s) }), ['policyConsentData']),
    valid: (s) => [{ policyConsentData: consentAgreed(s) }],
  },
  ...signupEmailCalls(),
  'POST /zapi/signup/pin-code': {
    path: '/zapi/signup/pin-code',
    accepts: (body) => parses(body, z.object({ pinCode: authCodeSchema }), ['pinCode']),
    valid: () => [{ pinCode: '123456' }],
  },
  'POST /zapi/signup': {
    path: '/zapi/signup',
    accepts(body, s, now) {
      if (!isPlainObject(body) || !onlyKeys(body, SIGNUP_FORM_KEYS)) return false;
      const { policyConsentData, botToken: token, ...form } = body;
      const extras = { ...(policyConsentData !== undefined && { policyConsentData }), ...(token !== undefined && { botToken: token }) };
      return (
        signupFormSchema(s.publicSettings, { now }).safeParse(form).success &&
        z.object({ policyConsentData: consent(s).optional(), botToken }).safeParse(extras).success
      );
    },
    valid: (s) => [validSignupForm(s), { ...validSignupForm(s), policyConsentData: consentAgreed(s) }],
  },
  'POST /zapi/account/user-id/verify': {
    path: '/zapi/account/user-id/verify',
    accepts: (body) => parses(body, z.object({ userId: userIdField('REQUIRED') }), ['userId']),
    valid: () => [{ userId: 'fuzzuser01' }],
  },
  'POST /zapi/account/email/send-pin-code': {
    path: '/zapi/account/email/send-pin-code',
    accepts: (body, s) =>
      parses(
        body,
        z.object({
          email: emailSchema(emailMax(s)).optional(),
          type: z.enum(['signUp', 'mailEdit', 'withdraw', 'login', 'passwordSetting']),
        }),
        ['email', 'type'],
      ),
    valid: () => [{ type: 'signUp' }, { type: 'signUp', email: 'fuzz@example.jp' }, { type: 'login' }],
  },
  'POST /zapi/auth/social/disable': {
    path: '/zapi/auth/social/disable',
    accepts: (body) => parses(body, disableBodySchema, ['userIdentifierType', 'userIdentifierMethod']),
    valid: () => [{ userIdentifierType: 'line' }, { userIdentifierType: 'google', userIdentifierMethod: 'Social' }],
  },
  'POST /zapi/auth/password/forgot': {
    path: '/zapi/auth/password/forgot',
    accepts: (body, s) => s.settings.features.password && parses(body, z.object({ email: emailSchema(emailMax(s)) }), ['email']),
    valid: () => [{ email: 'fuzz@example.jp' }],
  },
  'POST /zapi/auth/password/reset': {
    path: '/zapi/auth/password/reset',
    accepts: (body, s) =>
      s.settings.features.password &&
      parses(body, passwordResetSchema(s.settings.passwordStrength), ['token', 'password', 'passwordConfirm']),
    valid: () => [{ token: 'not-a-real-token', password: FUZZ_PASSWORD, passwordConfirm: FUZZ_PASSWORD }],
  },
  // My Page credentials (401 for a guest, 404 with the flag off, whatever the body). The schemas
  // are built for a member with no address and no user ID, so they accept at least what the server does.
  'POST /zapi/account/email/edit/send-pin-code': {
    path: '/zapi/account/email/edit/send-pin-code',
    accepts: (body, s) => parses(body, emailEditSendPinCodeBodySchema(emailMax(s), ''), ['email', 'type']),
    valid: () => [{ email: 'fuzz-new@example.jp', type: 'mailEdit' }],
  },
  'POST /zapi/account/email/edit': {
    path: '/zapi/account/email/edit',
    accepts: (body, s) => parses(body, emailEditBodySchema(emailMax(s)), ['email', 'pinCode']),
    valid: () => [{ email: 'fuzz-new@example.jp', pinCode: '123456' }],
  },
  'POST /zapi/account/enable-password': {
    path: '/zapi/account/enable-password',
    accepts: (body, s) => parses(body, enablePasswordSchema(s.settings.passwordStrength), ['pinCode', 'password', 'passwordConfirm']),
    valid: () => [{ pinCode: '123456', password: FUZZ_PASSWORD, passwordConfirm: FUZZ_PASSWORD }],
  },
  'POST /zapi/account/password/edit': {
    path: '/zapi/account/password/edit',
    accepts: (body, s) => parses(body, passwordEditBodySchema(s.settings.passwordStrength), ['oldPassword', 'newPassword']),
    valid: () => [{ oldPassword: 'whatever1', newPassword: FUZZ_PASSWORD }],
  },
  'POST /zapi/account/user-id/edit': {
    path: '/zapi/account/user-id/edit',
    accepts: (body) => parses(body, userIdEditSchema(null), ['userId', 'password']),
    valid: () => [{ userId: 'fuzzuser02', password: 'whatever1' }],
  },
  'POST /zapi/account/edit': {
    path: '/zapi/account/edit',
    accepts: (body, s, now) => parses(body, accountEditBodySchema(s.publicSettings, { now }), ['optionalInfo', 'customAssociatedInfo']),
    valid: (s) => [validAccountEdit(s)],
  },
  // A store without profile images answers 404 to any body: also a 4xx error object.
  'POST /zapi/account/profile-image': {
    path: '/zapi/account/profile-image',
    accepts: (body) => parses(body, profileImageBodySchema, ['profileImage']),
    valid: () => [{ profileImage: TINY_JPEG_DATA_URL }, { profileImage: null }],
  },
  // My Page (server/features/consents, pin-code, withdrawal): a flag off is a 404 whatever the body.
  'POST /zapi/account/consent': {
    path: '/zapi/account/consent',
    accepts: (body, s) => {
      if (!parses(body, consentBodySchema, ['consentOptionId', 'key', 'value'])) return false;
      const input = consentBodySchema.parse(body);
      return s.settings.features[input.key] && consentOptionFor(s.settings.consentOptions, input) !== null;
    },
    valid: (s) => s.settings.consentOptions.map((o) => ({ consentOptionId: o.consentOptionId, key: o.key, value: true })),
  },
  'POST /zapi/account/pinCode/set': {
    path: '/zapi/account/pinCode/set',
    accepts: (body, s) => s.settings.features.pinCode && parses(body, pinCodeSetBodySchema, ['pinCode']),
    valid: () => [{ pinCode: '1234' }],
  },
  'POST /zapi/account/withdraw/confirm': {
    path: '/zapi/account/withdraw/confirm',
    // The store's withdrawal survey checks the answers (none without one).
    accepts: (body, s) => parses(body, withdrawConfirmSchema(withdrawalQuestions(s.settings)), ['consent', 'surveyAnswers']),
    valid: (s) => {
      const questions = withdrawalQuestions(s.settings);
      if (questions.length === 0) return [{ consent: true }, { consent: true, surveyAnswers: [] }];
      const answer = (q: (typeof questions)[number]) =>
        q.questionType === 'checkbox'
          ? Array.from({ length: Math.max(q.minCount ?? 0, q.required ? 1 : 0) }, (_, i) => String(i))
          : ['radio', 'select'].includes(q.questionType)
            ? '0'
            : q.questionType === 'date'
              ? '2026-01-01'
              : q.questionType === 'time'
                ? '12:00'
                : 'ok';
      return [{ consent: true, surveyAnswers: questions.map((q) => ({ questionId: q.questionId, value: answer(q) })) }];
    },
  },
  'DELETE /zapi/account/withdraw': {
    path: '/zapi/account/withdraw',
    method: 'DELETE',
    accepts: (body) => parses(body, withdrawBodySchema, ['pinCode']),
    valid: () => [{ pinCode: '123456' }],
  },
  // Purchases (server/features/purchase): the body first, then the plan (an unknown plan is a 404).
  'POST /zapi/purchase/form/:planId': {
    path: '/zapi/purchase/form/fuzz-plan',
    accepts: (body) => parses(body, purchaseFormSchema, PURCHASE_FORM_FIELDS),
    valid: () => [{ paymentMethodId: 'CampaignCode', campaignCode: 'FUZZ1' }, {}],
  },
  'POST /zapi/purchase/verify/:planId': {
    path: '/zapi/purchase/verify/fuzz-plan',
    accepts: (body) => parses(body, purchaseFormSchema, PURCHASE_FORM_FIELDS),
    valid: () => [{ paymentMethodId: 'CampaignCode', campaignCode: 'FUZZ1' }, {}],
  },
  'POST /zapi/purchase/:planId': {
    path: '/zapi/purchase/fuzz-plan',
    accepts: (body) => parses(body, purchaseBodySchema, PURCHASE_FIELDS),
    valid: () => [{ purchaseToken: 'fuzz-token' }, { purchaseToken: 'fuzz-token', tds2infoToken: 't', tds2infoTokenKey: 'k' }],
  },
  // Payment methods (server/features/payment-methods): a store without the type answers 400 whatever the body.
  'POST /zapi/account/payment-method/credit': {
    path: '/zapi/account/payment-method/credit',
    accepts: (body) => parses(body, creditBodySchema, ['token', 'tokenKey', 'tds2infoToken', 'tds2infoTokenKey']),
    valid: () => [{ token: 'tok_fuzz', tokenKey: 'key_fuzz', tds2infoToken: 'tds_fuzz', tds2infoTokenKey: 'tdskey_fuzz' }],
  },
  'POST /zapi/account/payment-method/link': {
    path: '/zapi/account/payment-method/link',
    accepts: (body) => parses(body, linkBodySchema, ['paymentMethodType']),
    valid: () => [{ paymentMethodType: 'SbpsDocomo' }],
  },
  // The body is not read: no such method answers 404 (401 for a guest), whatever is sent.
  'DELETE /zapi/account/payment-method/:id': {
    path: '/zapi/account/payment-method/00000000-0000-4000-8000-000000000000',
    method: 'DELETE',
    accepts: () => false,
    acceptsNothing: true,
    valid: () => [{}, { id: 'x' }],
  },
  // The member's retry of a held charge (server/features/billing): no payload; no such subscription answers 404.
  'POST /zapi/subscription/:id/re-settlement': {
    path: '/zapi/subscription/00000000-0000-4000-8000-000000000000/re-settlement',
    accepts: () => false,
    acceptsNothing: true,
    valid: () => [{}, { id: 'x' }],
  },
  // The member's subscription calls (server/features/subscriptions). The body is parsed before the
  // subscription is looked up, so a made-up one answers 404 only to a valid body.
  'POST /zapi/subscription/:id/change-payment-method': {
    path: '/zapi/subscription/00000000-0000-4000-8000-000000000000/change-payment-method',
    accepts: (body) => parses(body, changePaymentMethodBodySchema, ['paymentMethodId']),
    valid: () => [{ paymentMethodId: '00000000-0000-4000-8000-000000000001' }],
  },
  // The subscription (and so its plan's survey) is looked up before the body: no such subscription
  // answers 404 (401 for a guest) whatever is sent.
  'POST /zapi/subscription/:id/withdraw': {
    path: '/zapi/subscription/00000000-0000-4000-8000-000000000000/withdraw',
    accepts: () => false,
    acceptsNothing: true,
    valid: () => [{ surveyAnswers: [] }, {}],
  },
  // The body carries nothing: a malformed one answers 400, any object 404 for no such subscription.
  'POST /zapi/subscription/:id/withdraw/cancel': {
    path: '/zapi/subscription/00000000-0000-4000-8000-000000000000/withdraw/cancel',
    accepts: () => false,
    acceptsNothing: true,
    valid: () => [{}, { id: 'x' }],
  },
  // Connected apps (server/features/oidc): the body is not read; no such grant of the member answers
  // 404 (401 for a guest, 404 where the store has no connected apps), whatever is sent.
  'POST /zapi/oidc/revoke/grant/:grantId': {
    path: '/zapi/oidc/revoke/grant/fuzz-no-such-grant',
    accepts: () => false,
    acceptsNothing: true,
    valid: () => [{}, { grantId: 'x' }],
  },
  // The catch-all that answers NOT_FOUND for any other /zapi path: no body is valid there.
  'ALL /zapi/*': {
    path: '/zapi/fuzz-no-such-call',
    accepts: () => false,
    acceptsNothing: true,
    valid: () => [{ email: 'fuzz@example.jp' }, {}],
  },
};
