// One builder per member profile field, shared by the sign-up form and the My Page edit form.
// Each takes the field's usage (REQUIRED or OPTIONAL; NOT_USE fields are left out of the form by
// the caller) and returns a schema that trims the text, turns an empty value into null (or the
// required message), normalises what an IME typed, and then checks the rules.
import { z } from 'zod';
import type { FieldUsage } from '#config-schema/common.ts';
import { isPrefectureCode, type PrefectureCode } from '../prefectures.ts';
import { jstDate, parseBirthday } from './birthday.ts';
import { collector, INVALID, type Reporter, report } from './issues.ts';
import type { ValidationMessageKey } from './messages.ts';
import { charLength, HYPHENS, hasControlChars, toFullWidthKatakana, toHalfWidthDigits } from './normalize.ts';
import { userIdProblems } from './user-id.ts';

/** The usage of a field that is in the form. */
export type UsedField = Exclude<FieldUsage, 'NOT_USE'>;

const textInput = z.string(INVALID).nullish();
const codeInput = z.union([z.string(), z.number()], INVALID).nullish();

/**
 * The common frame: trim, empty -> null or `requiredKey`, otherwise `check` (which reports
 * problems through `add` and returns the normalised value).
 */
function usageField<S extends typeof textInput | typeof codeInput, O>(
  input: S,
  usage: UsedField,
  requiredKey: ValidationMessageKey,
  check: (text: string, add: Reporter) => O,
) {
  return input.transform((raw: string | number | null | undefined, ctx): O | null => {
    const text = raw == null ? '' : String(raw).trim();
    if (text === '') {
      if (usage === 'OPTIONAL') return null;
      report(ctx, requiredKey);
      return z.NEVER;
    }
    const issues = collector(ctx);
    const value = check(text, issues.add);
    return issues.failed ? z.NEVER : value;
  });
}

/** Free text of at most `max` characters; `multiline` allows line breaks (CRLF becomes LF). */
export function textField(usage: UsedField, max: number, opts: { multiline?: boolean } = {}) {
  return usageField(textInput, usage, 'common.required', (raw, add) => {
    const text = opts.multiline ? raw.replace(/\r\n?/g, '\n') : raw;
    if (hasControlChars(text, opts.multiline)) add('common.invalidChars');
    if (charLength(text) > max) add('common.tooLong', { max });
    return text;
  });
}

const KATAKANA = /^[ァ-ヶー]+$/;

/**
 * Full-width katakana and ー only (half-width katakana is converted first). `allowSpace` (the
 * full-name field) also accepts single spaces between words, stored as full-width spaces.
 */
export function kanaField(usage: UsedField, max: number, opts: { allowSpace?: boolean } = {}) {
  return usageField(textInput, usage, 'common.required', (raw, add) => {
    let text = toFullWidthKatakana(raw);
    if (opts.allowSpace) text = text.replace(/[ \u3000]+/g, '\u3000');
    const words = opts.allowSpace ? text.split('\u3000') : [text];
    if (!words.every((w) => KATAKANA.test(w))) add('kana.invalid');
    if (charLength(text) > max) add('common.tooLong', { max });
    return text;
  });
}

/** 6-15 half-width letters and digits. */
export function userIdField(usage: UsedField) {
  return usageField(textInput, usage, 'userId.required', (text, add) => {
    for (const [key, params] of userIdProblems(text)) add(key, params);
    return text;
  });
}

export const SEX_CODES = [1, 2, 9, 0] as const;
export type SexCode = (typeof SEX_CODES)[number];

/** The sex codes offered, in display order: 1 male, 2 female, 9 other, 0 decline to answer. */
export function sexCodes(disallowUnknownGender: boolean): SexCode[] {
  return SEX_CODES.filter((c) => !(disallowUnknownGender && c === 0));
}

/** A sex code as a number; '1' and 1 are both accepted. */
export function sexField(usage: UsedField, disallowUnknownGender: boolean) {
  const allowed = sexCodes(disallowUnknownGender);
  return usageField(codeInput, usage, 'sex.required', (text, add): SexCode => {
    const code = allowed.find((c) => String(c) === text);
    if (code === undefined) add('sex.required');
    return code ?? 0;
  });
}

/** A prefecture code 1-47 as a number; '13' and 13 are both accepted. */
export function prefectureField(usage: UsedField) {
  return usageField(codeInput, usage, 'prefecture.required', (text, add): PrefectureCode => {
    const code = /^\d{1,2}$/.test(text) ? Number(text) : Number.NaN;
    if (!isPrefectureCode(code)) add('prefecture.required');
    return code as PrefectureCode;
  });
}

/** YYYYMMDD, not after today in Japan (relative to `now`). */
export function birthdayField(usage: UsedField, now: Date) {
  const today = jstDate(now);
  return usageField(textInput, usage, 'common.required', (text, add) => {
    const date = parseBirthday(text);
    if (date === null) add('birthday.invalid');
    else if (date > today) add('birthday.future');
    return date ?? '';
  });
}

/** 10 or 11 digits; hyphens, spaces and full-width digits are normalised away. */
export function phoneField(usage: UsedField) {
  return usageField(textInput, usage, 'common.required', (text, add) => {
    const digits = toHalfWidthDigits(text).replace(HYPHENS, '').replace(/\s/g, '');
    if (!/^\d{10,11}$/.test(digits)) add('phone.invalid', { min: 10, max: 11 });
    return digits;
  });
}

/** Exactly 7 digits; 123-4567, 〒 and full-width digits are accepted and normalised. */
export function postalCodeField(usage: UsedField) {
  return usageField(textInput, usage, 'common.required', (text, add) => {
    const t = toHalfWidthDigits(text)
      .replace(/^〒\s*/, '')
      .replace(HYPHENS, '-');
    if (!/^\d{3}-?\d{4}$/.test(t)) add('postalCode.invalid');
    return t.replace('-', '');
  });
}
