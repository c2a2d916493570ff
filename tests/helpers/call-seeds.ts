// Test fixtures of the call table (domain/calls.ts): bodies each call accepts, keyed by the call,
// and made-up values of its path parameters. The fuzz suite mutates the seeds (every mutation it
// sends is checked against the call's row, never against a copy of it); the isolation suite and
// a few flows send the complete sign-up and edit forms. What a body may hold is the row's business:
// nothing here says which keys or values are allowed.

import type { CallKey } from '#domain/calls.ts';
import { accountEditBody } from '#domain/validation/account-edit.ts';
import { customInfoDefaults } from '#domain/validation/custom-info.ts';
import { editedFields, fieldUsages, type PROFILE_FIELDS } from '#domain/validation/profile-field-list.ts';
import { withdrawalQuestions } from '#server/features/withdrawal/survey.ts';
import type { CallFacts } from '#server/platform/http/input.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';

export type Body = Record<string, unknown>;

/** A password every strength accepts. */
export const FUZZ_PASSWORD = 'Fuzz#2026ok';

/** The smallest data URL the profile-image call accepts: a JPEG's first bytes. */
export const TINY_JPEG_DATA_URL = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==';

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

const consentAgreed = (s: StoreContext) => s.settings.policies.map((p) => ({ policyId: p.policyId, revision: p.revision, agreed: true }));
const NO_SUBSCRIPTION = '00000000-0000-4000-8000-000000000000';
const NO_INTERACTION = { uid: 'fuzz-no-such-interaction' };

/** Made-up values of path parameters: no such plan, method, subscription or grant. */
export const FUZZ_PARAMS: Record<string, string> = {
  planId: 'fuzz-plan',
  id: NO_SUBSCRIPTION,
  grantId: 'fuzz-no-such-grant',
  code: '1000001',
  page: '1',
};

const login = (extra: Body) => () => [
  { emailUserId: 'fuzz@example.jp', password: 'whatever1', ...extra },
  { emailUserId: 'fuzz@example.jp', password: 'whatever1', botToken: 't', ...extra },
  { authCode: '123456', userIdentifierMethod: 'AuthCode', ...extra },
  { authCode: '１２３ ４５６', userIdentifierMethod: 'AuthCode', ...extra },
];
const loginCode = (extra: Body) => () => [
  { emailUserId: 'fuzz@example.jp', ...extra },
  { emailUserId: 'fuzz@example.jp', isAmaltheaLogin: false, ...extra },
];
const signupEmail = (extra: Body) => (s: StoreContext) => [
  { type: 'signUp', email: 'fuzz@example.jp', ...extra },
  { type: 'signUp', email: 'fuzz@example.jp', policyConsentData: consentAgreed(s), ...extra },
];
const purchaseForm = () => [{ paymentMethodId: 'CampaignCode', campaignCode: 'FUZZ1' }, {}];

/** Bodies each call accepts for a store (a call without a body gets shapes to send all the same). */
export const SEEDS: Record<CallKey, (s: StoreContext) => Body[]> = {
  'POST /login': login({ redirectTo: '/plans' }),
  'POST /login/code': loginCode({ redirectTo: '/' }),
  'POST /oidc/login': login(NO_INTERACTION),
  'POST /oidc/login/code': loginCode(NO_INTERACTION),
  'POST /zapi/signup/policy': (s) => [{ policyConsentData: consentAgreed(s) }],
  'POST /zapi/signup/email': signupEmail({}),
  'POST /zapi/oidc/signup/email': signupEmail(NO_INTERACTION),
  'POST /zapi/signup/pin-code': () => [{ pinCode: '123456' }],
  'POST /zapi/signup': (s) => [validSignupForm(s), { ...validSignupForm(s), policyConsentData: consentAgreed(s) }],
  'POST /zapi/account/user-id/verify': () => [{ userId: 'fuzzuser01' }],
  'POST /zapi/account/email/send-pin-code': () => [{ type: 'signUp' }, { type: 'signUp', email: 'fuzz@example.jp' }, { type: 'login' }],
  'POST /zapi/auth/password/forgot': () => [{ email: 'fuzz@example.jp' }],
  'POST /zapi/auth/password/reset': () => [{ token: 'not-a-real-token', password: FUZZ_PASSWORD, passwordConfirm: FUZZ_PASSWORD }],
  'POST /zapi/auth/social/disable': () => [
    { userIdentifierType: 'line' },
    { userIdentifierType: 'google', userIdentifierMethod: 'Social' },
  ],
  'POST /zapi/account/email/edit/send-pin-code': () => [{ email: 'fuzz-new@example.jp', type: 'mailEdit' }],
  'POST /zapi/account/email/edit': () => [{ email: 'fuzz-new@example.jp', pinCode: '123456' }],
  'POST /zapi/account/enable-password': () => [{ pinCode: '123456', password: FUZZ_PASSWORD, passwordConfirm: FUZZ_PASSWORD }],
  'POST /zapi/account/password/edit': () => [{ oldPassword: 'whatever1', newPassword: FUZZ_PASSWORD }],
  'POST /zapi/account/user-id/edit': () => [{ userId: 'fuzzuser02', password: 'whatever1' }],
  'POST /zapi/account/edit': (s) => [validAccountEdit(s)],
  'POST /zapi/account/profile-image': () => [{ profileImage: TINY_JPEG_DATA_URL }, { profileImage: null }],
  'POST /zapi/account/consent': (s) =>
    s.settings.consentOptions.map((o) => ({ consentOptionId: o.consentOptionId, key: o.key, value: true })),
  'POST /zapi/account/pinCode/set': () => [{ pinCode: '1234' }],
  'POST /zapi/account/withdraw/confirm': (s) => {
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
  'DELETE /zapi/account/withdraw': () => [{ pinCode: '123456' }],
  'POST /zapi/purchase/form/:planId': purchaseForm,
  'POST /zapi/purchase/verify/:planId': purchaseForm,
  'POST /zapi/purchase/:planId': () => [
    { purchaseToken: 'fuzz-token' },
    { purchaseToken: 'fuzz-token', tds2infoToken: 't', tds2infoTokenKey: 'k' },
  ],
  'POST /zapi/account/payment-method/credit': () => [
    { token: 'tok_fuzz', tokenKey: 'key_fuzz', tds2infoToken: 'tds_fuzz', tds2infoTokenKey: 'tdskey_fuzz' },
  ],
  'POST /zapi/account/payment-method/link': () => [{ paymentMethodType: 'SbpsDocomo' }],
  'GET /zapi/account/payment-method/paypal': () => [],
  'DELETE /zapi/account/payment-method/:id': () => [{}, { id: 'x' }],
  'GET /zapi/account/payment-history/:page': () => [],
  'POST /zapi/subscription/:id/re-settlement': () => [{}, { id: 'x' }],
  'POST /zapi/subscription/:id/change-payment-method': () => [{ paymentMethodId: '00000000-0000-4000-8000-000000000001' }],
  'POST /zapi/subscription/:id/withdraw': () => [{ surveyAnswers: [] }],
  'POST /zapi/subscription/:id/withdraw/cancel': () => [{}, { id: 'x' }],
  'POST /zapi/oidc/revoke/grant/:grantId': () => [{}, { grantId: 'x' }],
  'GET /zapi/postal-code/:code': () => [],
  'POST /api/streaks/playback/fetch': () => [{ refId: 'fuzz-title' }],
};

/**
 * What a route adds to the store when it builds its row's schema from the settings alone (the
 * store's withdrawal survey). Facts a route reads from the member are left out: without them the
 * row accepts at least what the route does (any current address or user ID), or the route refuses
 * before it reads the body (the made-up subscription of a cancellation).
 */
export const FACTS: Partial<Record<CallKey, (s: StoreContext) => CallFacts>> = {
  'POST /zapi/account/withdraw/confirm': (s) => ({ surveyQuestions: withdrawalQuestions(s.settings) }),
};
