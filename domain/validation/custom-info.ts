// Store-defined questions (signupFields.customAssociatedInfo), sent as a list of { id, value }.
// TEXT: a string of at most maxLength characters; SELECT: one option id; CHECKBOX: a list of
// option ids (required means at least one). Unknown ids and NOT_USE questions are dropped.
//
// Issue paths: [i, 'value'] where i is the entry's index in the list sent (the form sends one
// entry per question, in settings order, see customInfoDefaults); a required question missing
// from the list altogether is reported on the list itself with params { id }.
import { z } from 'zod';
import type { PublicStoreSettings } from '#config-schema/public-settings.ts';
import { INVALID, report } from './issues.ts';
import type { MessageParams, ValidationMessageKey } from './messages.ts';
import { charLength, hasControlChars } from './normalize.ts';

export type CustomInfoDefinition = PublicStoreSettings['signupFields']['customAssociatedInfo'][number];
export type CustomInfoValue = { id: string; value: string | string[] | null };

const entry = z.object(
  { id: z.string(INVALID), value: z.union([z.string(), z.array(z.string(INVALID)), z.null()], INVALID).optional() },
  INVALID,
);
const listInput = z.array(entry, INVALID).nullish();
export type CustomInfoInput = z.input<typeof entry>;

type Problem = [ValidationMessageKey, MessageParams?];

/** The stored value of one answer, or the problems with it. */
function checkAnswer(
  def: CustomInfoDefinition,
  raw: string | string[] | null | undefined,
): { value: CustomInfoValue['value'] } | { problems: Problem[] } {
  const required = def.rule === 'REQUIRED';
  const optionIds = new Set(def.selectOptions.map((o) => o.id));
  if (def.type === 'CHECKBOX') {
    const chosen = raw == null ? [] : Array.isArray(raw) ? raw : [raw];
    const ids = chosen.map((s) => s.trim()).filter((s) => s !== '');
    if (ids.some((id) => !optionIds.has(id))) return { problems: [['common.invalidOption']] };
    if (ids.length === 0 && required) return { problems: [['common.selectRequired']] };
    return { value: def.selectOptions.map((o) => o.id).filter((id) => ids.includes(id)) };
  }
  if (Array.isArray(raw)) return { problems: [['common.invalid']] };
  const text = (raw ?? '').trim();
  if (text === '')
    return required ? { problems: [[def.type === 'SELECT' ? 'common.selectRequired' : 'common.required']] } : { value: null };
  if (def.type === 'SELECT') return optionIds.has(text) ? { value: text } : { problems: [['common.invalidOption']] };
  const problems: Problem[] = [];
  if (hasControlChars(text)) problems.push(['common.invalidChars']);
  if (charLength(text) > def.maxLength) problems.push(['common.tooLong', { max: def.maxLength }]);
  return problems.length ? { problems } : { value: text };
}

/** The answers to the questions in use, one entry per question in settings order. */
export function customInfoSchema(definitions: readonly CustomInfoDefinition[]) {
  const used = definitions.filter((d) => d.rule !== 'NOT_USE');
  return listInput.transform((list, ctx): CustomInfoValue[] => {
    const sent = new Map<string, { index: number; value: string | string[] | null | undefined }>();
    (list ?? []).forEach((e, index) => {
      if (!sent.has(e.id)) sent.set(e.id, { index, value: e.value });
    });
    const out: CustomInfoValue[] = [];
    let failed = false;
    for (const def of used) {
      const answer = sent.get(def.id);
      const result = checkAnswer(def, answer?.value);
      if ('value' in result) {
        out.push({ id: def.id, value: result.value });
        continue;
      }
      failed = true;
      for (const [key, params] of result.problems) {
        if (answer) report(ctx, key, params, [answer.index, 'value']);
        else report(ctx, key, { ...params, id: def.id });
      }
    }
    return failed ? z.NEVER : out;
  });
}

/** The form's starting values: '' for TEXT and SELECT, [] for CHECKBOX, in settings order. */
export function customInfoDefaults(definitions: readonly CustomInfoDefinition[]): { id: string; value: string | string[] }[] {
  return definitions.filter((d) => d.rule !== 'NOT_USE').map((d) => ({ id: d.id, value: d.type === 'CHECKBOX' ? [] : '' }));
}
