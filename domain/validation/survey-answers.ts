// Answers to a store survey (spec 3 "Survey", 5 "Survey answers"), asked at withdrawal (and, with
// the purchase issue, at purchase and cancellation). Sent as a list of { questionId, value }:
// text-like questions a string, radio and select one option index ('0', '1'…), checkbox a list
// of option indexes. Options carry no id in the settings, so their position is their identity.
//
// Issue paths are [i, 'value'] with i the question's index in the survey (the form lays the
// questions out in that order); a required question missing from the list gets its own index too.
import { z } from 'zod';
import type { surveyQuestion } from '#config-schema/plans.ts';
import { INVALID, report } from './issues.ts';
import type { MessageParams, ValidationMessageKey } from './messages.ts';
import { charLength, hasControlChars } from './normalize.ts';

export type SurveyQuestion = z.infer<typeof surveyQuestion>;
/**
 * What the rules read of a question: a question of the settings, or the same question with its
 * texts in the viewer's language (domain/survey-view.ts), as the browser's form has it.
 */
export type SurveyRules = Pick<
  SurveyQuestion,
  'questionId' | 'questionType' | 'required' | 'validationPattern' | 'minCount' | 'maxCount'
> & {
  options: readonly unknown[];
};
export type SurveyAnswer = { questionId: string; value: string | string[] | null };

import { SURVEY_TEXT_MAX } from './survey-defaults.ts';

const entry = z.object(
  { questionId: z.string(INVALID), value: z.union([z.string(), z.array(z.string(INVALID)), z.null()], INVALID).optional() },
  INVALID,
);
export type SurveyAnswerInput = z.input<typeof entry>;

type Problem = [ValidationMessageKey, MessageParams?];
type Checked = { value: SurveyAnswer['value'] } | { problems: Problem[] };

/** The question's pattern, or null when there is none or it does not compile (then it is not applied). */
function patternOf(q: SurveyRules): RegExp | null {
  if (!q.validationPattern) return null;
  try {
    return new RegExp(q.validationPattern, 'u');
  } catch {
    return null;
  }
}

const FORMATS: Partial<Record<SurveyRules['questionType'], RegExp>> = {
  date: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
  time: /^([01]\d|2[0-3]):[0-5]\d$/,
};

function checkText(q: SurveyRules, raw: unknown): Checked {
  if (Array.isArray(raw)) return { problems: [['common.invalid']] };
  const text = (typeof raw === 'string' ? raw : '').replace(/\r\n?/g, '\n').trim();
  if (text === '') return q.required ? { problems: [['common.required']] } : { value: null };
  const problems: Problem[] = [];
  if (hasControlChars(text, q.questionType === 'textarea')) problems.push(['common.invalidChars']);
  if (charLength(text) > SURVEY_TEXT_MAX) problems.push(['common.tooLong', { max: SURVEY_TEXT_MAX }]);
  const format = FORMATS[q.questionType];
  if (format && !format.test(text)) problems.push(['common.invalid']);
  const pattern = patternOf(q);
  if (pattern && !pattern.test(text)) problems.push(['common.invalid']);
  return problems.length ? { problems } : { value: text };
}

const isOption = (q: SurveyRules, v: string) => /^\d{1,3}$/.test(v) && Number(v) < q.options.length;

function checkChoice(q: SurveyRules, raw: unknown): Checked {
  if (q.questionType !== 'checkbox') {
    if (Array.isArray(raw)) return { problems: [['common.invalid']] };
    const v = typeof raw === 'string' ? raw.trim() : '';
    if (v === '') return q.required ? { problems: [['common.selectRequired']] } : { value: null };
    return isOption(q, v) ? { value: String(Number(v)) } : { problems: [['common.invalidOption']] };
  }
  const list = raw == null ? [] : Array.isArray(raw) ? raw : [raw];
  const chosen = [...new Set(list.map((v) => String(v).trim()).filter((v) => v !== ''))];
  if (chosen.some((v) => !isOption(q, v))) return { problems: [['common.invalidOption']] };
  if (chosen.length === 0) return q.required ? { problems: [['common.selectRequired']] } : { value: [] };
  if (q.minCount !== undefined && chosen.length < q.minCount) return { problems: [['survey.tooFewChoices', { min: q.minCount }]] };
  if (q.maxCount !== undefined && chosen.length > q.maxCount) return { problems: [['survey.tooManyChoices', { max: q.maxCount }]] };
  return {
    value: chosen
      .map(Number)
      .sort((a, b) => a - b)
      .map(String),
  };
}

/** One answer checked against its question. */
export function checkSurveyAnswer(q: SurveyRules, raw: unknown): Checked {
  return q.questionType === 'radio' || q.questionType === 'select' || q.questionType === 'checkbox'
    ? checkChoice(q, raw)
    : checkText(q, raw);
}

/** The answers to `questions`, one entry per question in survey order; unknown questions dropped. */
export function surveyAnswersSchema(questions: readonly SurveyRules[]) {
  return z
    .array(entry, INVALID)
    .nullish()
    .transform((list, ctx): SurveyAnswer[] => {
      const sent = new Map<string, unknown>();
      for (const e of list ?? []) if (!sent.has(e.questionId)) sent.set(e.questionId, e.value);
      let failed = false;
      const out = questions.map((q, i) => {
        const result = checkSurveyAnswer(q, sent.get(q.questionId));
        if ('value' in result) return { questionId: q.questionId, value: result.value };
        failed = true;
        for (const [key, params] of result.problems) report(ctx, key, params, [i, 'value']);
        return { questionId: q.questionId, value: null };
      });
      return failed ? z.NEVER : out;
    });
}
