import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { followRedirect } from '#client/api/follow-redirect.ts';
import { resetPassword } from '#client/api/identity-calls.ts';

import { useRootData } from '#client/root-data.ts';
import { Stack } from '#client/ui/blocks.ts';
import { passwordResetSchema } from '#domain/validation/password.ts';
import { TextLink } from './controls.ts';
import { PasswordPairFields } from './password-pair-fields.tsx';
import { ServerAlert, useServerAlert } from './server-alert.tsx';
import { defaultErrorText } from './server-error.ts';
import { SubmitButton } from './submit-button.tsx';
import { zodResolver } from './zod-resolver.ts';

type Values = { token: string; password: string; passwordConfirm: string };

/**
 * A new password with the token of the mailed link. INVALID_PASSWORD_REUSED comes back on the
 * password field; an expired link offers a new one.
 */
export function PasswordResetForm({ token }: { token: string }) {
  const { i18n, t } = useLingui();
  const { storeSettingData: s } = useRootData();
  const resolver = useMemo(() => zodResolver<Values>(passwordResetSchema(s.passwordStrength), i18n), [s, i18n]);
  const form = useForm<Values>({ mode: 'onTouched', defaultValues: { token, password: '', passwordConfirm: '' }, resolver });
  const server = useServerAlert();
  const [leaving, setLeaving] = useState(false);

  const submit = form.handleSubmit(async (values) => {
    server.clear();
    const result = await resetPassword(values);
    if (result.ok) {
      setLeaving(true);
      // Every session of the account has ended: a full load shows this browser signed out too.
      await followRedirect(result.data.redirectTo, { reload: true });
      return;
    }
    const expired = result.error.code === 'INVALID_RESET_TOKEN';
    server.show(result.error, {
      fields: ['password', 'passwordConfirm'],
      fallback: defaultErrorText(i18n),
      setError: form.setError,
      extra: expired ? (
        <p>
          <TextLink href="/password/forgot">{t`再設定メールをもう一度受け取る`}</TextLink>
        </p>
      ) : undefined,
    });
  });

  return (
    <FormProvider {...form}>
      <form method="post" noValidate onSubmit={submit}>
        <Stack>
          <PasswordPairFields strength={s.passwordStrength} label={t`新しいパスワード`} confirmLabel={t`新しいパスワード（確認用）`} />
          <ServerAlert state={server.state} />
          <SubmitButton busy={form.formState.isSubmitting || leaving}>
            <Trans>パスワードを再設定</Trans>
          </SubmitButton>
        </Stack>
      </form>
    </FormProvider>
  );
}
