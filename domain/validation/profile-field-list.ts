// The standard profile fields and which of them a store uses, without their schemas: the browser
// reads these on pages that validate nothing (My Page's rows), and must not load zod for them
// (decision 0056). Import them from here, the one home of each name.
import type { PublicStoreSettings } from '#config-schema/public-settings.ts';
import type { UsedField } from './profile-fields.ts';

type UsageSettings = Pick<PublicStoreSettings, 'signupFields' | 'features'>;

/** The standard profile fields, in form order. */
export const PROFILE_FIELDS = [
  'userId',
  'name',
  'nameKana',
  'familyName',
  'givenName',
  'familyNameKana',
  'givenNameKana',
  'nickname',
  'sex',
  'birthday',
  'phoneNumber',
  'postalCode',
  'prefecture',
  'address',
  'message',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** The usage of each standard field, with userId off unless features.userId is on. */
export function fieldUsages(settings: UsageSettings): Record<ProfileField, UsedField | 'NOT_USE'> {
  const f = settings.signupFields;
  const usages = Object.fromEntries(PROFILE_FIELDS.map((name) => [name, f[name]])) as Record<ProfileField, UsedField | 'NOT_USE'>;
  if (!settings.features.userId) usages.userId = 'NOT_USE';
  return usages;
}

/** Standard fields the edit form never holds. */
export const NOT_EDITED: readonly string[] = ['userId', 'message'] satisfies ProfileField[];

/** The standard fields the edit form holds (REQUIRED and OPTIONAL ones), in form order. */
export function editedFields(settings: UsageSettings): ProfileField[] {
  return Object.entries(fieldUsages(settings))
    .filter(([name, usage]) => usage !== 'NOT_USE' && !NOT_EDITED.includes(name))
    .map(([name]) => name as ProfileField);
}
