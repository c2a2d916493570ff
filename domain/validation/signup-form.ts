// The sign-up form, assembled from the store's signupFields. A NOT_USE field is not in the
// object at all, and the object strips unknown keys, so a NOT_USE value that is sent anyway is
// dropped: never validated, never stored.
import { z } from 'zod';
import type { PublicStoreSettings } from '#config-schema/public-settings.ts';
import type { PrefectureCode } from '../prefectures.ts';
import { type CustomInfoInput, type CustomInfoValue, customInfoDefaults, customInfoSchema } from './custom-info.ts';
import { INVALID, whenObject } from './issues.ts';
import { checkPasswordConfirm, passwordPairShape } from './password.ts';
import { fieldUsages, type ProfileField } from './profile-field-list.ts';
import {
  birthdayField,
  kanaField,
  phoneField,
  postalCodeField,
  prefectureField,
  type SexCode,
  sexField,
  textField,
  type UsedField,
  userIdField,
} from './profile-fields.ts';

/** What the builder reads; a full StoreSettings fits too. */
export type SignupSettings = Pick<PublicStoreSettings, 'signupFields' | 'features' | 'passwordStrength' | 'disallowUnknownGender'>;

type TextFields = Exclude<ProfileField, 'sex' | 'prefecture'>;

/** What the form (or the API body) may hold. Fields present depend on the settings. */
export type SignupFormInput = { [K in TextFields]?: string | null } & {
  sex?: string | number | null;
  prefecture?: string | number | null;
  customAssociatedInfo?: CustomInfoInput[] | null;
  password?: string;
  passwordConfirm?: string;
};

/** The parsed form: only fields in use; OPTIONAL fields left empty are null. */
export type SignupFormValues = { [K in TextFields]?: string | null } & {
  sex?: SexCode | null;
  prefecture?: PrefectureCode | null;
  customAssociatedInfo?: CustomInfoValue[];
  password?: string;
  passwordConfirm?: string;
};

/** The schema of each profile field in use (sign-up and My Page edit share this). */
export function profileShape(settings: SignupSettings, opts: { now: Date }): Record<string, z.ZodType> {
  const max = settings.signupFields.maxLengths;
  const build: Record<ProfileField, (u: UsedField) => z.ZodType> = {
    userId: (u) => userIdField(u),
    name: (u) => textField(u, max.name),
    nameKana: (u) => kanaField(u, max.name, { allowSpace: true }),
    familyName: (u) => textField(u, max.name),
    givenName: (u) => textField(u, max.name),
    familyNameKana: (u) => kanaField(u, max.name),
    givenNameKana: (u) => kanaField(u, max.name),
    nickname: (u) => textField(u, max.nickname),
    sex: (u) => sexField(u, settings.disallowUnknownGender),
    birthday: (u) => birthdayField(u, opts.now),
    phoneNumber: (u) => phoneField(u),
    postalCode: (u) => postalCodeField(u),
    prefecture: (u) => prefectureField(u),
    address: (u) => textField(u, max.address),
    message: (u) => textField(u, max.message, { multiline: true }),
  };
  const shape: Record<string, z.ZodType> = {};
  for (const [name, usage] of Object.entries(fieldUsages(settings)) as [ProfileField, UsedField | 'NOT_USE'][]) {
    if (usage !== 'NOT_USE') shape[name] = build[name](usage);
  }
  if (settings.signupFields.customAssociatedInfo.some((d) => d.rule !== 'NOT_USE')) {
    shape.customAssociatedInfo = customInfoSchema(settings.signupFields.customAssociatedInfo);
  }
  return shape;
}

export type SignupFormOptions = {
  /** The current time: the birthday may not be after today in Japan. */
  now: Date;
  /** Whether the form sets a password (default features.password; false for external-ID sign-up). */
  password?: boolean;
};

/** The sign-up form of a store. */
export function signupFormSchema(settings: SignupSettings, opts: SignupFormOptions): z.ZodType<SignupFormValues, SignupFormInput> {
  const withPassword = opts.password ?? settings.features.password;
  const shape = { ...profileShape(settings, opts), ...(withPassword ? passwordPairShape(settings.passwordStrength) : {}) };
  const schema = z
    .object(shape, INVALID)
    .strip()
    .superRefine((v, ctx) => {
      if (withPassword) checkPasswordConfirm(v, ctx);
    }, whenObject);
  return schema as unknown as z.ZodType<SignupFormValues, SignupFormInput>;
}

/** Starting values for the form: '' for every field in use, the custom questions, empty passwords. */
export function signupFormDefaults(settings: SignupSettings, opts: { password?: boolean } = {}): SignupFormInput {
  const values: Record<string, unknown> = {};
  for (const [name, usage] of Object.entries(fieldUsages(settings))) if (usage !== 'NOT_USE') values[name] = '';
  const custom = customInfoDefaults(settings.signupFields.customAssociatedInfo);
  if (custom.length > 0) values.customAssociatedInfo = custom;
  if (opts.password ?? settings.features.password) Object.assign(values, { password: '', passwordConfirm: '' });
  return values as SignupFormInput;
}
