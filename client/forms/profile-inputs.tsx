// The simple profile fields of the sign-up form (text, kana, birthday, phone, prefecture,
// message). Each reads the form through useFormContext; the label and hint come from profile-field-texts.
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useFormContext } from 'react-hook-form';
import { useRootData } from '#client/root-data.ts';
import { prefectures } from '#domain/prefectures.ts';
import type { ProfileField } from '#domain/validation/profile-field-list.ts';
import { formatBirthdayInput, jstToday } from './birthday-format.ts';
import { Input, Select, Textarea } from './controls.ts';
import { Field, type Usage } from './field.tsx';
import { errorOf } from './form-errors.ts';
import { digitsOnly, formatted } from './formatted-input.ts';
import { profileHint, profileLabel } from './profile-field-texts.ts';

type Props = { name: ProfileField; usage: Usage };

const autoComplete: Partial<Record<ProfileField, string>> = {
  name: 'name',
  familyName: 'family-name',
  givenName: 'given-name',
  nickname: 'nickname',
  address: 'address-line1',
};

/** A free-text or katakana field. */
export function TextProfileField({ name, usage }: Props) {
  const { i18n } = useLingui();
  const {
    register,
    formState: { errors },
  } = useFormContext();
  return (
    <Field label={profileLabel(i18n, name)} usage={usage} hint={profileHint(i18n, name)} error={errorOf(errors, name)}>
      {(c) => <Input {...c} {...register(name)} type="text" autoComplete={autoComplete[name] ?? 'off'} />}
    </Field>
  );
}

export function MessageField({ usage }: { usage: Usage }) {
  const { i18n, t } = useLingui();
  const { storeSettingData: s } = useRootData();
  const {
    register,
    formState: { errors },
  } = useFormContext();
  const max = s.signupFields.maxLengths.message;
  return (
    <Field label={profileLabel(i18n, 'message')} usage={usage} hint={t`${max}文字以内`} error={errorOf(errors, 'message')}>
      {(c) => <Textarea {...c} {...register('message')} rows={5} />}
    </Field>
  );
}

/** YYYY/MM/DD, formatted and kept to a real past date as it is typed. */
export function BirthdayField({ usage }: { usage: Usage }) {
  const { i18n } = useLingui();
  const {
    register,
    formState: { errors },
  } = useFormContext();
  const today = useMemo(() => jstToday(new Date()), []);
  return (
    <Field label={profileLabel(i18n, 'birthday')} usage={usage} hint={profileHint(i18n, 'birthday')} error={errorOf(errors, 'birthday')}>
      {(c) => (
        <Input
          {...c}
          {...formatted(register('birthday'), (text) => formatBirthdayInput(text, today))}
          type="text"
          inputMode="numeric"
          autoComplete="bday"
          placeholder="YYYY/MM/DD"
          maxLength={10}
        />
      )}
    </Field>
  );
}

/** Digits only, at most 11. */
export function PhoneField({ usage }: { usage: Usage }) {
  const { i18n } = useLingui();
  const {
    register,
    formState: { errors },
  } = useFormContext();
  return (
    <Field
      label={profileLabel(i18n, 'phoneNumber')}
      usage={usage}
      hint={profileHint(i18n, 'phoneNumber')}
      error={errorOf(errors, 'phoneNumber')}
    >
      {(c) => (
        <Input
          {...c}
          {...formatted(register('phoneNumber'), digitsOnly(11))}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={11}
        />
      )}
    </Field>
  );
}

/** The 47 prefectures, codes 1 to 47. */
export function PrefectureField({ usage }: { usage: Usage }) {
  const { i18n, t } = useLingui();
  const { lang } = useRootData();
  const {
    register,
    formState: { errors },
  } = useFormContext();
  return (
    <Field label={profileLabel(i18n, 'prefecture')} usage={usage} error={errorOf(errors, 'prefecture')}>
      {(c) => (
        <Select {...c} {...register('prefecture')} autoComplete="address-level1">
          <option value="">{t`選択してください`}</option>
          {prefectures.map((p) => (
            <option key={p.code} value={String(p.code)}>
              {lang === 'en' ? p.en : p.ja}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
