// A survey form's limits and starting values, apart from the answers' schema: the form renders
// with them before zod is loaded (decision 0056). Import them from here.
import type { SurveyRules } from './survey-answers.ts';

/** Most characters of a text answer. */
export const SURVEY_TEXT_MAX = 300;

/** The form's starting values: '' for one answer, [] for checkboxes, in survey order. */
export function surveyAnswerDefaults(questions: readonly SurveyRules[]): { questionId: string; value: string | string[] }[] {
  return questions.map((q) => ({ questionId: q.questionId, value: q.questionType === 'checkbox' ? [] : '' }));
}
