// The basic-information edit of My Page (/mypage/edit, POST /zapi/account/edit; spec 2, 5, 7).
// The fields are the store's registration fields (the same builders as sign-up), except the user
// ID, which has its own screen, and the sign-up message to the store, which is not a profile
// detail. The body is { optionalInfo, customAssociatedInfo }: standard fields trimmed, empty as
// null; store questions as a list of { id, value }, each CHECKBOX option its own entry
// '<questionId>.<optionId>' with 'true' or 'false' (spec 7).
import { z } from 'zod';
import { type CustomInfoValue, customInfoDefaults, customInfoSchema } from './custom-info.ts';
import { INVALID, report } from './issues.ts';
import { editedFields, NOT_EDITED } from './profile-field-list.ts';
import { profileShape, type SignupSettings } from './signup-form.ts';

type Definitions = SignupSettings['signupFields']['customAssociatedInfo'];

/** The schema of each standard field the edit form holds. */
function standardShape(settings: SignupSettings, now: Date): Record<string, z.ZodType> {
  const { customAssociatedInfo: _, ...shape } = profileShape(settings, { now });
  for (const name of NOT_EDITED) delete shape[name];
  return shape;
}

const usedQuestions = (defs: Definitions) => defs.filter((d) => d.rule !== 'NOT_USE');

/**
 * The edit form, in the sign-up form's shape (CHECKBOX answers as lists of option ids), so the
 * same field components serve both.
 */
export function accountEditFormSchema(settings: SignupSettings, opts: { now: Date }) {
  const shape = standardShape(settings, opts.now);
  const defs = settings.signupFields.customAssociatedInfo;
  if (usedQuestions(defs).length > 0) shape.customAssociatedInfo = customInfoSchema(defs);
  return z.object(shape, INVALID).strip();
}

/** The id of a CHECKBOX option's entry in the body (question and option ids are slugs: no dots). */
export function checkboxEntryId(questionId: string, optionId: string): string {
  return `${questionId}.${optionId}`;
}

export type AccountEditBody = {
  optionalInfo: Record<string, string | number | null>;
  customAssociatedInfo: { id: string; value: string | null }[];
};

/** The body of POST /zapi/account/edit from the parsed form values. */
export function accountEditBody(values: Record<string, unknown>, settings: SignupSettings): AccountEditBody {
  const optionalInfo: AccountEditBody['optionalInfo'] = {};
  for (const name of editedFields(settings)) {
    const value = values[name];
    optionalInfo[name] = typeof value === 'string' || typeof value === 'number' ? value : null;
  }
  const answers = new Map(((values.customAssociatedInfo ?? []) as CustomInfoValue[]).map((a) => [a.id, a.value]));
  const customAssociatedInfo: AccountEditBody['customAssociatedInfo'] = [];
  for (const def of usedQuestions(settings.signupFields.customAssociatedInfo)) {
    const value = answers.get(def.id);
    if (def.type !== 'CHECKBOX') {
      customAssociatedInfo.push({ id: def.id, value: typeof value === 'string' && value !== '' ? value : null });
      continue;
    }
    const chosen = Array.isArray(value) ? value : [];
    for (const o of def.selectOptions)
      customAssociatedInfo.push({ id: checkboxEntryId(def.id, o.id), value: chosen.includes(o.id) ? 'true' : 'false' });
  }
  return { optionalInfo, customAssociatedInfo };
}

const wireEntry = z.object({ id: z.string(INVALID), value: z.string(INVALID).nullish() }, INVALID);

/**
 * The body's store questions back in the sign-up shape, one entry per question in settings order
 * (so issue paths [i, 'value'] name the form's fields), then checked by customInfoSchema.
 */
function wireCustomInfoSchema(defs: Definitions) {
  const used = usedQuestions(defs);
  const answers = customInfoSchema(defs);
  return z
    .array(wireEntry, INVALID)
    .nullish()
    .transform((list, ctx): CustomInfoValue[] => {
      const sent = new Map<string, string | null | undefined>();
      for (const e of list ?? []) if (!sent.has(e.id)) sent.set(e.id, e.value);
      let failed = false;
      const regrouped = used.map((def, i) => {
        if (def.type !== 'CHECKBOX') return { id: def.id, value: sent.get(def.id) ?? null };
        const chosen: string[] = [];
        for (const o of def.selectOptions) {
          const flag = sent.get(checkboxEntryId(def.id, o.id));
          if (flag === 'true') chosen.push(o.id);
          else if (flag != null && flag !== 'false') {
            failed = true;
            report(ctx, 'common.invalid', undefined, [i, 'value']);
          }
        }
        return { id: def.id, value: chosen };
      });
      if (failed) return z.NEVER;
      const result = answers.safeParse(regrouped);
      if (result.success) return result.data;
      for (const issue of result.error.issues) ctx.addIssue({ ...issue, code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    });
}

/** POST /zapi/account/edit: the store's fields in `optionalInfo`, the questions in sign-up shape. */
export function accountEditBodySchema(settings: SignupSettings, opts: { now: Date }) {
  return z
    .object(
      {
        optionalInfo: z.object(standardShape(settings, opts.now), INVALID).strip(),
        customAssociatedInfo: wireCustomInfoSchema(settings.signupFields.customAssociatedInfo),
      },
      INVALID,
    )
    .strip();
}

/** A body issue's field as the form names it ('optionalInfo.name' -> 'name'). */
export function accountEditFormField(bodyField: string): string {
  return bodyField.replace(/^optionalInfo\./, '');
}

/** The member's stored profile as the edit form starts: '' for what is empty, birthday as YYYY/MM/DD. */
export function accountEditDefaults(settings: SignupSettings, profile: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of editedFields(settings)) {
    const v = profile[name];
    values[name] = v == null ? '' : String(v);
  }
  if (typeof values.birthday === 'string' && /^\d{8}$/.test(values.birthday))
    values.birthday = `${values.birthday.slice(0, 4)}/${values.birthday.slice(4, 6)}/${values.birthday.slice(6)}`;
  const stored = new Map(((profile.customAssociatedInfo ?? []) as CustomInfoValue[]).map((a) => [a.id, a.value]));
  const custom = customInfoDefaults(settings.signupFields.customAssociatedInfo).map((d) => {
    const v = stored.get(d.id);
    return { id: d.id, value: Array.isArray(d.value) ? (Array.isArray(v) ? v : []) : typeof v === 'string' ? v : '' };
  });
  if (custom.length > 0) values.customAssociatedInfo = custom;
  return values;
}
