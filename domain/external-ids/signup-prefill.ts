// A new member from an external ID (issue 11): what the provider said about the viewer, and the
// sign-up form's starting values made of it. Only the store's fields in use are filled, in the
// form's own text shapes; the viewer may change every one before sending.
import { parseBirthday } from '../validation/birthday.ts';
import { fieldUsages, type ProfileField } from '../validation/profile-field-list.ts';
import type { SignupSettings } from '../validation/signup-form.ts';

/** The profile claims a provider gave (null: not given). */
export type ProviderProfile = {
  name: string | null;
  familyName: string | null;
  givenName: string | null;
  familyNameKana: string | null;
  givenNameKana: string | null;
  nickname: string | null;
  /** The store's sex code: 1 male, 2 female (no provider says more). */
  sex: 1 | 2 | null;
  /** YYYYMMDD, only from a full date. */
  birthday: string | null;
};

/** A provider that gave nothing but the subject. */
export const NO_PROFILE: ProviderProfile = {
  name: null,
  familyName: null,
  givenName: null,
  familyNameKana: null,
  givenNameKana: null,
  nickname: null,
  sex: null,
  birthday: null,
};

/** A gender claim ('male' / 'female', as OpenID Connect and Yahoo! JAPAN give it) as the store's sex code. */
export function sexOfClaim(value: unknown): 1 | 2 | null {
  return value === 'male' ? 1 : value === 'female' ? 2 : null;
}

/**
 * OpenID Connect's birthdate (YYYY-MM-DD) as YYYYMMDD. A withheld year (0000-MM-DD) or a year
 * alone (Yahoo! JAPAN gives only the birth year) is no birthday: nothing is filled.
 */
export function birthdayOfClaim(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  return parseBirthday(value);
}

const joined = (a: string | null, b: string | null, sep: string) => (a && b ? `${a}${sep}${b}` : null);

/** The form's starting values from the provider's profile: only fields the store uses and the provider gave. */
export function signupPrefill(
  profile: ProviderProfile,
  settings: Pick<SignupSettings, 'signupFields' | 'features'>,
): Partial<Record<ProfileField, string>> {
  const b = profile.birthday;
  const values: Partial<Record<ProfileField, string | null>> = {
    name: profile.name ?? joined(profile.familyName, profile.givenName, ' '),
    nameKana: joined(profile.familyNameKana, profile.givenNameKana, '\u3000'),
    familyName: profile.familyName,
    givenName: profile.givenName,
    familyNameKana: profile.familyNameKana,
    givenNameKana: profile.givenNameKana,
    nickname: profile.nickname,
    sex: profile.sex === null ? null : String(profile.sex),
    // As the birthday input shows a date.
    birthday: b ? `${b.slice(0, 4)}/${b.slice(4, 6)}/${b.slice(6, 8)}` : null,
  };
  const usages = fieldUsages(settings);
  const out: Partial<Record<ProfileField, string>> = {};
  for (const [field, value] of Object.entries(values) as [ProfileField, string | null][]) {
    if (value && usages[field] !== 'NOT_USE') out[field] = value;
  }
  return out;
}
