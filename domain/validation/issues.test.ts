import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailSchema, emailWithConfirmationSchema } from './email.ts';
import { fieldIssues, fieldName, messageParams } from './issues.ts';
import { authCodeSchema, loginCodeRequestSchema, loginPasswordSchema } from './login.ts';
import { isValidationMessageKey } from './messages.ts';
import { newPasswordSchema, passwordPairSchema, passwordResetSchema } from './password.ts';
import { policyConsentSchema } from './policy-consent.ts';
import { PROFILE_FIELDS } from './profile-field-list.ts';
import { signupFormSchema } from './signup-form.ts';
import { messages, storeWith, tenants } from './test-support.ts';

describe('messageParams', () => {
  it('reads custom params', () => {
    const r = z
      .string()
      .superRefine((_, ctx) => ctx.addIssue({ code: 'custom', message: 'common.tooLong', params: { max: 30, ignored: {} } }))
      .safeParse('x');
    expect(r.success || messageParams(r.error.issues[0]!)).toEqual({ max: 30 });
  });

  it("maps zod's own bounds to min and max", () => {
    const short = z.string().min(3, 'common.invalid').safeParse('x');
    expect(short.success || messageParams(short.error.issues[0]!)).toEqual({ min: 3 });
    const long = z.string().max(2, 'common.tooLong').safeParse('xxx');
    expect(long.success || messageParams(long.error.issues[0]!)).toEqual({ max: 2 });
  });
});

describe('fieldIssues', () => {
  it('groups issues by dotted field name, in order', () => {
    const r = passwordPairSchema('NONE').safeParse({ password: 'a', passwordConfirm: 'b' });
    expect(r.success || fieldIssues(r.error)).toEqual({
      password: [
        { key: 'password.tooShort', params: { min: 8 } },
        { key: 'password.digitRequired', params: {} },
      ],
      passwordConfirm: [{ key: 'password.mismatch', params: {} }],
    });
  });

  it('turns a message that is not a key into common.invalid', () => {
    const r = z.string().safeParse(1);
    expect(r.success || fieldIssues(r.error)).toEqual({ '': [{ key: 'common.invalid', params: {} }] });
  });

  it('fieldName joins a path the way react-hook-form names fields', () => {
    expect(fieldName(['customAssociatedInfo', 0, 'value'])).toBe('customAssociatedInfo.0.value');
    expect(fieldName([])).toBe('');
  });
});

describe('every issue message is a key, whatever arrives', () => {
  const now = new Date('2026-04-15T03:00:00Z');
  const everything = storeWith({
    features: { userId: true },
    passwordStrength: 'UPPER_CASE_SYMBOL',
    signupFields: {
      ...Object.fromEntries(PROFILE_FIELDS.map((f) => [f, 'REQUIRED'])),
      customAssociatedInfo: [
        { id: 't', title: { ja: 'T' }, type: 'TEXT', rule: 'REQUIRED' },
        { id: 's', title: { ja: 'S' }, type: 'SELECT', rule: 'REQUIRED', selectOptions: [{ id: 'a', label: { ja: 'A' } }] },
        { id: 'c', title: { ja: 'C' }, type: 'CHECKBOX', rule: 'REQUIRED', selectOptions: [{ id: 'a', label: { ja: 'A' } }] },
      ],
    },
  });
  const schemas: [string, z.ZodType][] = [
    ['signup', signupFormSchema(everything, { now })],
    ['email', emailSchema(20)],
    ['emailPair', emailWithConfirmationSchema(20)],
    ['loginPassword', loginPasswordSchema(everything)],
    ['loginCode', loginCodeRequestSchema(everything)],
    ['authCode', authCodeSchema],
    ['pair', passwordPairSchema('UPPER_CASE_SYMBOL')],
    ['reset', passwordResetSchema('SYMBOL')],
    ['change', newPasswordSchema('UPPER_CASE')],
    ['policies', policyConsentSchema(tenants.kurenai!.policies)],
  ];
  const junk: unknown[] = [
    undefined,
    null,
    0,
    Number.NaN,
    true,
    'x',
    '',
    [],
    [null],
    [{}],
    {},
    Object.fromEntries(
      ['email', 'emailConfirm', 'emailUserId', 'password', 'passwordConfirm', 'oldPassword', 'newPassword', 'token', ...PROFILE_FIELDS].map(
        (f) => [f, 7],
      ),
    ),
    Object.fromEntries([...PROFILE_FIELDS, 'customAssociatedInfo'].map((f) => [f, { nested: true }])),
    { customAssociatedInfo: [{ id: 3, value: { a: 1 } }, 'x', { id: 'c', value: [1] }] },
    { customAssociatedInfo: 'x', sex: [], prefecture: true, birthday: 19900101 },
  ];

  it.each(schemas)('%s', (_, schema) => {
    for (const input of junk) {
      const found = messages(schema, input);
      for (const message of found) expect(isValidationMessageKey(message), `${message} for ${JSON.stringify(input)}`).toBe(true);
    }
  });
});
