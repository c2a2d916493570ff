import { describe, expect, it } from 'vitest';
import { formatMessage } from './messages.ts';
import { keys, ok } from './test-support.ts';
import { withdrawBodySchema, withdrawConfirmSchema } from './withdraw.ts';

describe('withdrawConfirmSchema (POST /zapi/account/withdraw/confirm)', () => {
  it('needs the consent box ticked', () => {
    expect(ok(withdrawConfirmSchema, { consent: true })).toEqual({ consent: true, surveyAnswers: [] });
    for (const consent of [false, 'true', 1, null, undefined])
      expect(keys(withdrawConfirmSchema, { consent }), String(consent)).toEqual({ consent: ['withdraw.consentRequired'] });
    expect(keys(withdrawConfirmSchema, {})).toEqual({ consent: ['withdraw.consentRequired'] });
    expect(formatMessage('withdraw.consentRequired')).toBe('同意は必須です');
  });

  it('carries survey answers', () => {
    const surveyAnswers = [
      { questionId: 'reason', value: ['price', 'content'] },
      { questionId: 'comment', value: 'ありがとうございました' },
      { questionId: 'other', value: null },
    ];
    expect(ok(withdrawConfirmSchema, { consent: true, surveyAnswers, x: 1 })).toEqual({ consent: true, surveyAnswers });
  });

  it('refuses malformed answers with a key', () => {
    expect(keys(withdrawConfirmSchema, { consent: true, surveyAnswers: [{ questionId: '', value: 'a' }] })).toEqual({
      'surveyAnswers.0.questionId': ['common.invalid'],
    });
    expect(keys(withdrawConfirmSchema, { consent: true, surveyAnswers: [{ questionId: 'q', value: 'a'.repeat(301) }] })).toEqual({
      'surveyAnswers.0.value': ['common.invalid'],
    });
    expect(keys(withdrawConfirmSchema, { consent: true, surveyAnswers: 'x' })).toEqual({ surveyAnswers: ['common.invalid'] });
    expect(keys(withdrawConfirmSchema, null)).toEqual({ '': ['common.invalid'] });
  });
});

describe('withdrawBodySchema (DELETE /zapi/account/withdraw)', () => {
  it('takes the 6-digit one-time code', () => {
    expect(ok(withdrawBodySchema, { pinCode: '654321' })).toEqual({ pinCode: '654321' });
    expect(keys(withdrawBodySchema, { pinCode: '' })).toEqual({ pinCode: ['authCode.required'] });
    expect(keys(withdrawBodySchema, { pinCode: '1234' })).toEqual({ pinCode: ['authCode.invalid'] });
    expect(keys(withdrawBodySchema, {})).toEqual({ pinCode: ['authCode.required'] });
  });
});
