import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { changePassword } from '#client/api/credential-calls.ts';
import { followRedirect } from '#client/api/follow-redirect.ts';
import { Field } from '#client/forms/field.tsx';
import { errorOf } from '#client/forms/form-errors.ts';
import { PasswordChecklist } from '#client/forms/password-checklist.tsx';
import { PasswordInput } from '#client/forms/password-input.tsx';
import { ServerAlert, useServerAlert } from '#client/forms/server-alert.tsx';
import { defaultErrorText } from '#client/forms/server-error.ts';
import { SubmitButton } from '#client/forms/submit-button.tsx';
import { zodResolver } from '#client/forms/zod-resolver.ts';

import { useRootData } from '#client/root-data.ts';
import { Stack } from '#client/ui/blocks.ts';
import { errorField } from '#domain/mypage/error-fields.ts';
import { passwordEditFormSchema } from '#domain/validation/password-setting.ts';

type Values = { oldPassword: string; newPassword: string; newPasswordConfirm: string };

/**
 * The password change: the current password, the new one with the store's rules, its confirmation.
 * A 401 goes on the current password, INVALID_PASSWORD_REUSED on the new one (spec 8).
 */
export function PasswordEditForm() {
  const { i18n, t } = useLingui();
  const { storeSettingData: s } = useRootData();
  const resolver = useMemo(() => zodResolver<Values>(passwordEditFormSchema(s.passwordStrength), i18n), [s, i18n]);
  const form = useForm<Values>({
    mode: 'onTouched',
    defaultValues: { oldPassword: '', newPassword: '', newPasswordConfirm: '' },
    resolver,
  });
  const { register, control, getValues, trigger, setError, formState } = form;
  const server = useServerAlert();
  const [leaving, setLeaving] = useState(false);
  const newPassword = useWatch({ control, name: 'newPassword' }) ?? '';

  const submit = form.handleSubmit(async ({ oldPassword, newPassword: next }) => {
    server.clear();
    const result = await changePassword({ oldPassword, newPassword: next });
    if (result.ok) {
      setLeaving(true);
      await followRedirect(result.data.redirectTo);
      return;
    }
    const fields = ['oldPassword', 'newPassword', 'newPasswordConfirm'];
    const view = server.show(result.error, { fields, fallback: defaultErrorText(i18n), setError });
    const target = errorField('passwordEdit', result.error);
    if (target && view.fields.length === 0 && view.summary) {
      setError(target.field as keyof Values, { type: 'server', message: view.summary }, { shouldFocus: true });
      server.clear();
    }
  });

  const errors = formState.errors;
  return (
    <form method="post" noValidate onSubmit={submit}>
      <Stack>
        <Field label={t`現在のパスワード`} usage="REQUIRED" error={errorOf(errors, 'oldPassword')}>
          {(c) => <PasswordInput control={c} registration={register('oldPassword')} autoComplete="current-password" />}
        </Field>
        <Field
          label={t`新しいパスワード`}
          usage="REQUIRED"
          error={errorOf(errors, 'newPassword')}
          hint={<PasswordChecklist password={newPassword} strength={s.passwordStrength} />}
        >
          {(c) => (
            <PasswordInput
              control={c}
              registration={register('newPassword', {
                onChange: () => {
                  if (getValues('newPasswordConfirm')) void trigger('newPasswordConfirm');
                },
              })}
              autoComplete="new-password"
            />
          )}
        </Field>
        <Field label={t`新しいパスワード（確認用）`} usage="REQUIRED" error={errorOf(errors, 'newPasswordConfirm')}>
          {(c) => <PasswordInput control={c} registration={register('newPasswordConfirm')} autoComplete="new-password" />}
        </Field>
        <ServerAlert state={server.state} />
        <SubmitButton busy={formState.isSubmitting || leaving}>
          <Trans>変更する</Trans>
        </SubmitButton>
      </Stack>
    </form>
  );
}
