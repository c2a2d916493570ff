import { useLingui } from '@lingui/react/macro';
import { useFormContext, useWatch } from 'react-hook-form';
import type { PasswordStrength } from '#domain/validation/password.ts';
import { Field } from './field.tsx';
import { errorOf } from './form-errors.ts';
import { PasswordChecklist } from './password-checklist.tsx';
import { PasswordInput } from './password-input.tsx';

/**
 * A new password and its confirmation (fields `password` and `passwordConfirm`), with the
 * store's rules as a checklist under the label. Use inside a FormProvider.
 */
export function PasswordPairFields({
  strength,
  label,
  confirmLabel,
}: {
  strength: PasswordStrength;
  label?: string;
  confirmLabel?: string;
}) {
  const { t } = useLingui();
  const {
    register,
    control,
    getValues,
    trigger,
    formState: { errors },
  } = useFormContext<{ password: string; passwordConfirm: string }>();
  // The confirmation is checked again while the password changes, once it has been typed.
  const recheckConfirm = () => {
    if (getValues('passwordConfirm')) void trigger('passwordConfirm');
  };
  const password = useWatch({ control, name: 'password' }) ?? '';
  return (
    <>
      <Field
        label={label ?? t`パスワード`}
        usage="REQUIRED"
        error={errorOf(errors, 'password')}
        hint={<PasswordChecklist password={password} strength={strength} />}
      >
        {(c) => <PasswordInput control={c} registration={register('password', { onChange: recheckConfirm })} autoComplete="new-password" />}
      </Field>
      <Field label={confirmLabel ?? t`パスワード（確認用）`} usage="REQUIRED" error={errorOf(errors, 'passwordConfirm')}>
        {(c) => <PasswordInput control={c} registration={register('passwordConfirm')} autoComplete="new-password" />}
      </Field>
    </>
  );
}
