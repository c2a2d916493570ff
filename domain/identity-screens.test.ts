import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  codeTimingSchema,
  loginCodeScreenSchema,
  loginScreenSchema,
  logoutScreenSchema,
  outboxMailSchema,
  outboxScreenSchema,
  passwordForgotScreenSchema,
  passwordResetCompleteScreenSchema,
  passwordResetScreenSchema,
  policyViewSchema,
  signupEmailScreenSchema,
  signupFormScreenSchema,
  signupPinCodeScreenSchema,
  signupPlansScreenSchema,
  signupPolicyScreenSchema,
  signupStepScreenSchema,
} from './identity-screens.ts';
import type { PlanCard } from './screens.ts';

const timing = { validityMinutes: 60, resendCountdownSeconds: 30, resendHintMinutes: 5 };

const terms = {
  policyId: 'terms',
  revision: 2,
  key: 'terms',
  title: '利用規約',
  isExternal: false,
  externalUrl: null,
  body: '第1条\n\n第2条',
} as const;
const privacy = {
  policyId: 'privacy',
  revision: 1,
  key: 'privacy',
  title: 'プライバシーポリシー',
  isExternal: true,
  externalUrl: 'https://aozora.example.jp/privacy',
  body: '',
} as const;

const monthly: PlanCard = {
  planId: 'monthly',
  planType: 'subscription',
  planName: '月額見放題',
  planDescription: '新作も旧作も見放題',
  price: 990,
  priceSuffix: { kind: 'perMonth' },
  renewal: { kind: 'everyN', unit: 'month', n: 1 },
  freeTrialDays: 0,
  salesStartDate: null,
  salesEndDate: null,
  salesLimit: null,
  salesCount: 3,
  button: { kind: 'contract', disabled: false },
  stock: null,
  hasAvailableCampaign: false,
};

const mail = {
  id: '0196a7f2-4b1c-7d3e-9a10-5c2e8f3b4d61',
  to: 'taro@example.jp',
  from: '"青空ビデオ" <no-reply@aozora.example.jp>',
  subject: '【青空ビデオ】認証コードのお知らせ',
  text: '認証コード: 605142',
  kind: 'authCode',
  createdAt: '2026-04-01T03:15:00.000Z',
};

/** Each screen: a realistic value, and wrong ones (missing field, wrong enum or type, a stray field). */
const cases: { name: string; schema: z.ZodType; valid: Record<string, unknown>[]; invalid: Record<string, unknown>[] }[] = [
  {
    name: '/login',
    schema: loginScreenSchema,
    valid: [
      { loginType: 'password', returnTo: '' },
      { loginType: 'authCode', returnTo: '/plans?x=1' },
    ],
    invalid: [{ loginType: 'password' }, { loginType: 'line', returnTo: '' }, { loginType: 'authCode', returnTo: '', redirectTo: '/' }],
  },
  {
    name: 'code timing',
    schema: codeTimingSchema,
    valid: [timing],
    invalid: [
      { validityMinutes: 60, resendCountdownSeconds: 30 },
      { ...timing, validityMinutes: 0 },
    ],
  },
  {
    name: '/login/code',
    schema: loginCodeScreenSchema,
    valid: [
      { ...timing, maskedEmail: 't***@example.jp' },
      { ...timing, maskedEmail: null },
    ],
    invalid: [timing, { ...timing, maskedEmail: 't***@example.jp', email: 'taro@example.jp' }],
  },
  {
    name: '/logout',
    schema: logoutScreenSchema,
    valid: [
      { redirectSeconds: 10, loggedOut: true },
      { redirectSeconds: 10, loggedOut: false },
    ],
    invalid: [{}, { redirectSeconds: 10 }, { redirectSeconds: '10', loggedOut: true }, { redirectSeconds: 1.5, loggedOut: true }],
  },
  {
    name: '/signup/auth, /signup/complete',
    schema: signupStepScreenSchema,
    valid: [
      { step: 1, totalSteps: 3 },
      { step: 4, totalSteps: 4 },
    ],
    invalid: [{ step: 1 }, { step: 1, totalSteps: 5 }, { step: 0, totalSteps: 3 }, { step: 4, totalSteps: 3 }],
  },
  {
    name: '/signup/email',
    schema: signupEmailScreenSchema,
    valid: [
      { step: 1, totalSteps: 3 },
      { step: 1, totalSteps: 3, externalId: { provider: 'google', email: 'bob@example.com' } },
      { step: 2, totalSteps: 4, externalId: { provider: 'line', email: null } },
    ],
    invalid: [
      { step: 1, totalSteps: 3, externalId: { provider: 'twitter', email: null } },
      { step: 1, totalSteps: 3, externalId: { provider: 'line' } },
    ],
  },
  {
    name: 'policy view',
    schema: policyViewSchema,
    valid: [terms, privacy],
    invalid: [
      { ...terms, key: 'cookies' },
      { ...terms, externalUrl: undefined },
      { ...terms, revision: 0 },
    ],
  },
  {
    name: '/signup, /signup/policy',
    schema: signupPolicyScreenSchema,
    valid: [
      { step: 1, totalSteps: 4, policies: [terms, privacy] },
      { step: 2, totalSteps: 3, policies: [] },
    ],
    invalid: [
      { step: 1, totalSteps: 4 },
      { step: 1, totalSteps: 4, policies: [{ ...privacy, key: 'newsletter' }] },
    ],
  },
  {
    name: '/signup/pin-code',
    schema: signupPinCodeScreenSchema,
    valid: [{ step: 1, totalSteps: 3, email: 'taro@example.jp', ...timing }],
    invalid: [
      { step: 1, totalSteps: 3, email: 'taro@example.jp' },
      { step: 1, totalSteps: 3, email: '', ...timing },
    ],
  },
  {
    name: '/signup/form',
    schema: signupFormScreenSchema,
    valid: [
      { step: 3, totalSteps: 4, email: 'taro@example.jp' },
      { step: 2, totalSteps: 3, email: 'taro@example.jp', externalId: { provider: 'yahoojp', defaults: { name: '鈴木 一郎', sex: '1' } } },
    ],
    invalid: [
      { step: 3, totalSteps: 4 },
      { step: 3, totalSteps: 4, email: 'taro@example.jp', policies: [] },
      // Only profile fields start from the provider: never a password.
      { step: 2, totalSteps: 3, email: 'taro@example.jp', externalId: { provider: 'line', defaults: { password: 'x' } } },
    ],
  },
  {
    name: '/signup/plans',
    schema: signupPlansScreenSchema,
    valid: [
      { step: 4, totalSteps: 4, plans: [monthly] },
      { step: 3, totalSteps: 3, plans: [] },
    ],
    invalid: [
      { step: 3, totalSteps: 3 },
      { step: 3, totalSteps: 3, plans: [{ ...monthly, planType: 'lease' }] },
    ],
  },
  {
    name: '/password/forgot, /password/forgot/complete',
    schema: passwordForgotScreenSchema,
    valid: [{ hintMinutes: 15 }],
    invalid: [{}, { hintMinutes: -1 }],
  },
  {
    name: '/password/reset',
    schema: passwordResetScreenSchema,
    valid: [
      { tokenValid: true, validityMinutes: 30 },
      { tokenValid: false, validityMinutes: 30 },
    ],
    invalid: [{ validityMinutes: 30 }, { tokenValid: 'yes', validityMinutes: 30 }],
  },
  {
    name: '/password/reset/complete',
    schema: passwordResetCompleteScreenSchema,
    valid: [{}],
    invalid: [{ redirectTo: '/login' }],
  },
  {
    name: 'outbox mail',
    schema: outboxMailSchema,
    valid: [mail, { ...mail, kind: 'receipt' }],
    invalid: [
      { ...mail, createdAt: undefined },
      { ...mail, createdAt: '2026年4月1日' },
      { ...mail, html: '<p>…</p>' },
    ],
  },
  {
    name: '/dev/outbox',
    schema: outboxScreenSchema,
    valid: [{ mails: [] }, { mails: [mail, { ...mail, id: 'b', kind: 'welcome' }] }],
    invalid: [{}, { mails: [{ ...mail, subject: null }] }],
  },
];

describe('identity screen schemas', () => {
  describe.each(cases)('$name', ({ schema, valid, invalid }) => {
    it.each(valid)('accepts %j', (value) => {
      expect(schema.parse(value)).toEqual(value);
    });
    it.each(invalid)('refuses %j', (value) => {
      expect(schema.safeParse(value).success).toBe(false);
    });
  });

  it('names the field at fault', () => {
    const issues = (value: unknown) => signupStepScreenSchema.safeParse(value).error?.issues.map((i) => i.path.join('.'));
    expect(issues({ step: 1, totalSteps: 5 })).toEqual(['totalSteps']);
    expect(issues({ step: 4, totalSteps: 3 })).toEqual(['step']);
    expect(loginScreenSchema.safeParse({ loginType: 'sms', returnTo: '' }).error?.issues[0]).toMatchObject({
      code: 'invalid_value',
      path: ['loginType'],
    });
  });
});
