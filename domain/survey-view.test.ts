import { describe, expect, it } from 'vitest';
import { surveyView, surveyViewSchema } from './survey-view.ts';
import { surveyAnswersSchema } from './validation/survey-answers.ts';

const settings = {
  surveyId: 'leave',
  surveyName: { ja: '退会アンケート', en: 'Leaving survey' },
  questions: [
    {
      questionId: 'reason',
      questionType: 'radio' as const,
      questionTitle: { ja: '理由', en: 'Reason' },
      questionDescription: { ja: '一つ選んでください' },
      required: true,
      options: [{ optionTitle: { ja: '高い', en: 'Too expensive' } }, { optionTitle: { ja: 'その他' } }],
    },
    {
      questionId: 'genres',
      questionType: 'checkbox' as const,
      questionTitle: { ja: 'ジャンル' },
      required: false,
      minCount: 1,
      maxCount: 2,
      options: [{ optionTitle: { ja: 'A' } }, { optionTitle: { ja: 'B' } }, { optionTitle: { ja: 'C' } }],
    },
    {
      questionId: 'zip',
      questionType: 'text' as const,
      questionTitle: { ja: '郵便番号' },
      required: false,
      validationPattern: '^\\d{3}$',
      options: [],
    },
  ],
};

describe('surveyView', () => {
  it('gives the texts in the viewer’s language, Japanese where English is missing, and keeps the rules', () => {
    const en = surveyView(settings, 'en');
    expect(surveyViewSchema.parse(en)).toEqual(en);
    expect(en.surveyName).toBe('Leaving survey');
    expect(en.surveyDescription).toBeNull();
    expect(en.questions[0]).toEqual({
      questionId: 'reason',
      questionType: 'radio',
      questionTitle: 'Reason',
      questionDescription: '一つ選んでください',
      required: true,
      options: [{ optionTitle: 'Too expensive' }, { optionTitle: 'その他' }],
    });
    expect(en.questions[1]).toMatchObject({ minCount: 1, maxCount: 2 });
    expect(en.questions[2]).toMatchObject({ validationPattern: '^\\d{3}$', questionDescription: null });
    expect(surveyView(settings, 'ja').questions[0]?.questionTitle).toBe('理由');
  });

  it('checks answers exactly as the settings’ questions do (the browser’s form and the server agree)', () => {
    const view = surveyView(settings, 'ja').questions;
    const answers = [
      [{ questionId: 'reason', value: '1' }],
      [{ questionId: 'reason', value: '' }],
      [
        { questionId: 'reason', value: '0' },
        { questionId: 'genres', value: ['0', '1', '2'] },
      ],
      [
        { questionId: 'reason', value: '0' },
        { questionId: 'zip', value: '12a' },
      ],
      [{ questionId: 'reason', value: '5' }],
    ];
    for (const a of answers) {
      const fromSettings = surveyAnswersSchema(settings.questions).safeParse(a);
      const fromView = surveyAnswersSchema(view).safeParse(a);
      expect(fromView.success).toBe(fromSettings.success);
      expect(fromView.error?.issues).toEqual(fromSettings.error?.issues);
    }
    expect(surveyAnswersSchema(view).safeParse(answers[0]).success).toBe(true);
    expect(surveyAnswersSchema(view).safeParse(answers[2]).success).toBe(false);
  });
});
