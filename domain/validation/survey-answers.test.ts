import { describe, expect, it } from 'vitest';
import { formatMessage } from './messages.ts';
import { checkSurveyAnswer, type SurveyQuestion, surveyAnswersSchema } from './survey-answers.ts';
import { SURVEY_TEXT_MAX, surveyAnswerDefaults } from './survey-defaults.ts';
import { keys, ok } from './test-support.ts';

const title = { ja: '質問' };
const options = [{ optionTitle: { ja: 'A' } }, { optionTitle: { ja: 'B' } }, { optionTitle: { ja: 'C' } }];
const q = (questionType: SurveyQuestion['questionType'], more: Partial<SurveyQuestion> = {}): SurveyQuestion => ({
  questionId: questionType,
  questionType,
  questionTitle: title,
  required: false,
  options: ['radio', 'checkbox', 'select'].includes(questionType) ? options : [],
  ...more,
});

describe('checkSurveyAnswer: text-like questions', () => {
  it('trimmed; empty is null unless required', () => {
    expect(checkSurveyAnswer(q('text'), '  ok ')).toEqual({ value: 'ok' });
    expect(checkSurveyAnswer(q('text'), '  ')).toEqual({ value: null });
    expect(checkSurveyAnswer(q('text'), undefined)).toEqual({ value: null });
    expect(checkSurveyAnswer(q('text', { required: true }), '')).toEqual({ problems: [['common.required']] });
  });

  it('at most 300 characters', () => {
    expect(SURVEY_TEXT_MAX).toBe(300);
    expect(checkSurveyAnswer(q('textarea'), 'あ'.repeat(300))).toEqual({ value: 'あ'.repeat(300) });
    expect(checkSurveyAnswer(q('textarea'), 'あ'.repeat(301))).toEqual({ problems: [['common.tooLong', { max: 300 }]] });
  });

  it('line breaks only in a textarea', () => {
    expect(checkSurveyAnswer(q('textarea'), 'a\r\nb')).toEqual({ value: 'a\nb' });
    expect(checkSurveyAnswer(q('text'), 'a\nb')).toEqual({ problems: [['common.invalidChars']] });
  });

  it('the optional pattern; a pattern that does not compile is not applied', () => {
    const zip = q('text', { validationPattern: '^\\d{3}$' });
    expect(checkSurveyAnswer(zip, '123')).toEqual({ value: '123' });
    expect(checkSurveyAnswer(zip, '12a')).toEqual({ problems: [['common.invalid']] });
    expect(checkSurveyAnswer(q('text', { validationPattern: '(' }), 'x')).toEqual({ value: 'x' });
  });

  it('dates as YYYY-MM-DD and times as HH:mm', () => {
    expect(checkSurveyAnswer(q('date'), '2026-04-01')).toEqual({ value: '2026-04-01' });
    expect(checkSurveyAnswer(q('date'), '2026/04/01')).toEqual({ problems: [['common.invalid']] });
    expect(checkSurveyAnswer(q('time'), '23:59')).toEqual({ value: '23:59' });
    expect(checkSurveyAnswer(q('time'), '24:00')).toEqual({ problems: [['common.invalid']] });
  });

  it('a list is not a text', () => {
    expect(checkSurveyAnswer(q('text'), ['a'])).toEqual({ problems: [['common.invalid']] });
  });
});

describe('checkSurveyAnswer: choices', () => {
  it('radio and select take one option index', () => {
    expect(checkSurveyAnswer(q('radio'), '2')).toEqual({ value: '2' });
    expect(checkSurveyAnswer(q('select'), '0')).toEqual({ value: '0' });
    expect(checkSurveyAnswer(q('select'), '3')).toEqual({ problems: [['common.invalidOption']] });
    expect(checkSurveyAnswer(q('radio'), 'A')).toEqual({ problems: [['common.invalidOption']] });
    expect(checkSurveyAnswer(q('radio'), ['1'])).toEqual({ problems: [['common.invalid']] });
    expect(checkSurveyAnswer(q('radio'), '')).toEqual({ value: null });
    expect(checkSurveyAnswer(q('radio', { required: true }), '')).toEqual({ problems: [['common.selectRequired']] });
  });

  it('checkbox takes distinct option indexes in option order', () => {
    expect(checkSurveyAnswer(q('checkbox'), ['2', '0', '2'])).toEqual({ value: ['0', '2'] });
    expect(checkSurveyAnswer(q('checkbox'), '1')).toEqual({ value: ['1'] });
    expect(checkSurveyAnswer(q('checkbox'), [])).toEqual({ value: [] });
    expect(checkSurveyAnswer(q('checkbox'), ['9'])).toEqual({ problems: [['common.invalidOption']] });
  });

  it('a required checkbox needs a selection within its counts', () => {
    const counted = q('checkbox', { required: true, minCount: 2, maxCount: 2 });
    expect(checkSurveyAnswer(counted, [])).toEqual({ problems: [['common.selectRequired']] });
    expect(checkSurveyAnswer(counted, ['0'])).toEqual({ problems: [['survey.tooFewChoices', { min: 2 }]] });
    expect(checkSurveyAnswer(counted, ['0', '1', '2'])).toEqual({ problems: [['survey.tooManyChoices', { max: 2 }]] });
    expect(checkSurveyAnswer(counted, ['0', '1'])).toEqual({ value: ['0', '1'] });
    expect(formatMessage('survey.tooFewChoices', { min: 2 })).toBe('2個以上選択してください。');
    expect(formatMessage('survey.tooManyChoices', { max: 2 })).toBe('2個以内で選択してください。');
  });
});

describe('surveyAnswersSchema', () => {
  const questions = [q('text', { required: true }), q('checkbox'), q('select')];
  const schema = surveyAnswersSchema(questions);

  it('one entry per question in survey order; unknown questions dropped', () => {
    expect(
      ok(schema, [
        { questionId: 'select', value: '1' },
        { questionId: 'text', value: ' 理由 ' },
        { questionId: 'nope', value: 'x' },
      ]),
    ).toEqual([
      { questionId: 'text', value: '理由' },
      { questionId: 'checkbox', value: [] },
      { questionId: 'select', value: '1' },
    ]);
  });

  it('names problems by the question index', () => {
    expect(keys(schema, [{ questionId: 'select', value: '7' }])).toEqual({
      '0.value': ['common.required'],
      '2.value': ['common.invalidOption'],
    });
    expect(keys(schema, [{ questionId: 1 }])).toEqual({ '0.questionId': ['common.invalid'] });
  });

  it('defaults', () => {
    expect(surveyAnswerDefaults(questions)).toEqual([
      { questionId: 'text', value: '' },
      { questionId: 'checkbox', value: [] },
      { questionId: 'select', value: '' },
    ]);
  });
});
