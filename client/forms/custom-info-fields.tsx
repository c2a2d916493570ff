import { useLingui } from '@lingui/react/macro';
import { useFormContext } from 'react-hook-form';
import { useRootData } from '#client/root-data.ts';
import { pickText } from '#domain/localized-text.ts';
import type { CustomInfoDefinition } from '#domain/validation/custom-info.ts';
import { ChoiceLabel, Choices, Input, Select } from './controls.ts';
import { Field } from './field.tsx';
import { errorOf } from './form-errors.ts';

/**
 * The store's own questions (signupFields.customAssociatedInfo), one entry each in settings order
 * (`customAssociatedInfo.<i>.value`, as customInfoDefaults lays them out): TEXT a box, SELECT a
 * drop-down, CHECKBOX a group under its title.
 */
export function CustomInfoFields({ definitions }: { definitions: readonly CustomInfoDefinition[] }) {
  const { t } = useLingui();
  const { lang } = useRootData();
  const {
    register,
    formState: { errors },
  } = useFormContext();
  const used = definitions.filter((d) => d.rule !== 'NOT_USE');
  return (
    <>
      {used.map((def, i) => {
        const name = `customAssociatedInfo.${i}.value`;
        const usage = def.rule === 'REQUIRED' ? 'REQUIRED' : 'OPTIONAL';
        const title = pickText(def.title, lang);
        const error = errorOf(errors, name);
        if (def.type === 'CHECKBOX') {
          return (
            <Field key={def.id} label={title} usage={usage} error={error} group>
              {() => (
                <Choices>
                  {def.selectOptions.map((o) => (
                    <ChoiceLabel key={o.id}>
                      <input type="checkbox" value={o.id} {...register(name)} />
                      {pickText(o.label, lang)}
                    </ChoiceLabel>
                  ))}
                </Choices>
              )}
            </Field>
          );
        }
        if (def.type === 'SELECT') {
          return (
            <Field key={def.id} label={title} usage={usage} error={error}>
              {(c) => (
                <Select {...c} {...register(name)}>
                  <option value="">{t`選択してください`}</option>
                  {def.selectOptions.map((o) => (
                    <option key={o.id} value={o.id}>
                      {pickText(o.label, lang)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          );
        }
        const max = def.maxLength;
        return (
          <Field key={def.id} label={title} usage={usage} error={error} hint={t`${max}文字以内`}>
            {(c) => <Input {...c} {...register(name)} type="text" />}
          </Field>
        );
      })}
    </>
  );
}
