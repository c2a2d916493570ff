import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { followRedirect } from '#client/api/follow-redirect.ts';
import { requestPasswordReset } from '#client/api/identity-calls.ts';

import { useRootData } from '#client/root-data.ts';
import { Stack } from '#client/ui/blocks.ts';
import { emailSchema } from '#domain/validation/email.ts';
import { Input } from './controls.ts';
import { Field } from './field.tsx';
import { errorOf } from './form-errors.ts';
import { ServerAlert, useServerAlert } from './server-alert.tsx';
import { defaultErrorText } from './server-error.ts';
import { SubmitButton } from './submit-button.tsx';
import { zodResolver } from './zod-resolver.ts';

type Values = { email: string };

/** Asks for a reset link (the answer is the same whether or not the address is registered). */
export function PasswordForgotForm() {
  const { i18n, t } = useLingui();
  const { storeSettingData: s } = useRootData();
  const resolver = useMemo(() => zodResolver<Values>(z.object({ email: emailSchema(s.signupFields.maxLengths.email) }), i18n), [s, i18n]);
  const { register, handleSubmit, setError, formState } = useForm<Values>({ mode: 'onTouched', defaultValues: { email: '' }, resolver });
  const server = useServerAlert();
  const [leaving, setLeaving] = useState(false);

  const submit = handleSubmit(async ({ email }) => {
    server.clear();
    const result = await requestPasswordReset(email);
    if (result.ok) {
      setLeaving(true);
      await followRedirect(result.data.redirectTo);
      return;
    }
    server.show(result.error, { fields: ['email'], fallback: defaultErrorText(i18n), setError });
  });

  return (
    <form method="post" noValidate onSubmit={submit}>
      <Stack>
        <Field label={t`メールアドレス`} usage="REQUIRED" error={errorOf(formState.errors, 'email')}>
          {(c) => <Input {...c} {...register('email')} type="email" autoComplete="email" autoCapitalize="off" spellCheck={false} />}
        </Field>
        <ServerAlert state={server.state} />
        <SubmitButton busy={formState.isSubmitting || leaving}>{t`再設定メールを送信`}</SubmitButton>
      </Stack>
    </form>
  );
}
