// A store survey (spec 3 "Survey") as a page carries it: its texts in the viewer's language, the
// rules of its questions as the settings give them (the browser checks the answers with the same
// rules as the server: domain/validation/survey-answers.ts). Asked at withdrawal, and by the
// purchase issue at purchase and cancellation.
import { z } from 'zod';
import type { survey } from '#config-schema/plans.ts';
import type { Language } from './language.ts';
import { pickText } from './localized-text.ts';

export const SURVEY_QUESTION_TYPES = ['text', 'textarea', 'radio', 'checkbox', 'select', 'date', 'time'] as const;

export const surveyQuestionViewSchema = z
  .object({
    questionId: z.string().min(1),
    questionType: z.enum(SURVEY_QUESTION_TYPES),
    questionTitle: z.string(),
    questionDescription: z.string().nullable(),
    required: z.boolean(),
    validationPattern: z.string().optional(),
    minCount: z.number().int().optional(),
    maxCount: z.number().int().optional(),
    options: z.array(z.object({ optionTitle: z.string() }).strict()),
  })
  .strict();
export type SurveyQuestionView = z.infer<typeof surveyQuestionViewSchema>;

export const surveyViewSchema = z
  .object({
    surveyId: z.string().min(1),
    surveyName: z.string(),
    surveyDescription: z.string().nullable(),
    questions: z.array(surveyQuestionViewSchema),
  })
  .strict();
export type SurveyView = z.infer<typeof surveyViewSchema>;

type Survey = z.infer<typeof survey>;

/** The survey with its texts in `lang` (Japanese when a text has no English). */
export function surveyView(s: Survey, lang: Language): SurveyView {
  return {
    surveyId: s.surveyId,
    surveyName: pickText(s.surveyName, lang),
    surveyDescription: pickText(s.surveyDescription, lang) ?? null,
    questions: s.questions.map((q) => ({
      questionId: q.questionId,
      questionType: q.questionType,
      questionTitle: pickText(q.questionTitle, lang),
      questionDescription: pickText(q.questionDescription, lang) ?? null,
      required: q.required,
      ...(q.validationPattern !== undefined ? { validationPattern: q.validationPattern } : {}),
      ...(q.minCount !== undefined ? { minCount: q.minCount } : {}),
      ...(q.maxCount !== undefined ? { maxCount: q.maxCount } : {}),
      options: q.options.map((o) => ({ optionTitle: pickText(o.optionTitle, lang) })),
    })),
  };
}
