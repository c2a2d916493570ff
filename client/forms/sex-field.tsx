import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useFormContext } from 'react-hook-form';
import { useRootData } from '#client/root-data.ts';
import { type SexCode, sexCodes } from '#domain/validation/profile-fields.ts';
import { ChoiceLabel, Choices, Select } from './controls.ts';
import { Field, type Usage } from './field.tsx';
import { errorOf } from './form-errors.ts';

export function sexLabel(i18n: I18n, code: SexCode): string {
  switch (code) {
    case 1:
      return t(i18n)`男性`;
    case 2:
      return t(i18n)`女性`;
    case 9:
      return t(i18n)`その他`;
    case 0:
      return t(i18n)`回答しない`;
  }
}

/** Sex as a drop-down or radio buttons (genderInputType): 1 男性, 2 女性, 9 その他, 0 回答しない unless disallowed. */
export function SexField({ usage }: { usage: Usage }) {
  const { i18n, t } = useLingui();
  const { storeSettingData: s } = useRootData();
  const {
    register,
    formState: { errors },
  } = useFormContext<{ sex: string }>();
  const codes = sexCodes(s.disallowUnknownGender);
  const error = errorOf(errors, 'sex');
  if (s.genderInputType === 'Radio') {
    return (
      <Field label={t`性別`} usage={usage} error={error} group>
        {() => (
          <Choices>
            {codes.map((code) => (
              <ChoiceLabel key={code}>
                <input type="radio" value={String(code)} {...register('sex')} />
                {sexLabel(i18n, code)}
              </ChoiceLabel>
            ))}
          </Choices>
        )}
      </Field>
    );
  }
  return (
    <Field label={t`性別`} usage={usage} error={error}>
      {(c) => (
        <Select {...c} {...register('sex')} autoComplete="sex">
          <option value="">{t`選択してください`}</option>
          {codes.map((code) => (
            <option key={code} value={String(code)}>
              {sexLabel(i18n, code)}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
