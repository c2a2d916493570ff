import { describe, expect, it } from 'vitest';
import { formatMessage } from './messages.ts';
import type { SurveyQuestion } from './survey-answers.ts';
import { keys, ok } from './test-support.ts';
import { withdrawBodySchema, withdrawConfirmSchema } from './withdraw.ts';

const reason: SurveyQuestion = {
  questionId: 'reason',
  questionType: 'checkbox',
  questionTitle: { ja: '退会理由' },
  required: true,
  options: [{ optionTitle: { ja: '料金' } }, { optionTitle: { ja: '作品' } }],
};

describe('withdrawConfirmSchema (POST /zapi/account/withdraw/confirm)', () => {
  it('needs the consent box ticked', () => {
    const schema = withdrawConfirmSchema();
    expect(ok(schema, { consent: true })).toEqual({ consent: true, surveyAnswers: [] });
    for (const consent of [false, 'true', 1, null, undefined])
      expect(keys(schema, { consent }), String(consent)).toEqual({ consent: ['withdraw.consentRequired'] });
    expect(keys(schema, {})).toEqual({ consent: ['withdraw.consentRequired'] });
    expect(formatMessage('withdraw.consentRequired')).toBe('同意は必須です');
  });

  it('without a survey, answers sent anyway are dropped', () => {
    expect(ok(withdrawConfirmSchema(), { consent: true, surveyAnswers: [{ questionId: 'x', value: 'y' }] }).surveyAnswers).toEqual([]);
  });

  it('checks the answers against the survey', () => {
    const schema = withdrawConfirmSchema([reason]);
    expect(ok(schema, { consent: true, surveyAnswers: [{ questionId: 'reason', value: ['1'] }] })).toEqual({
      consent: true,
      surveyAnswers: [{ questionId: 'reason', value: ['1'] }],
    });
    expect(keys(schema, { consent: false, surveyAnswers: [] })).toEqual({
      consent: ['withdraw.consentRequired'],
      'surveyAnswers.0.value': ['common.selectRequired'],
    });
  });

  it('answers a key for wrong JSON types', () => {
    expect(keys(withdrawConfirmSchema(), null)).toEqual({ '': ['common.invalid'] });
    expect(keys(withdrawConfirmSchema(), { consent: true, surveyAnswers: 'x' })).toEqual({ surveyAnswers: ['common.invalid'] });
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
