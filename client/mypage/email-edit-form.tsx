import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { sendEmailEditCode } from '#client/api/credential-calls.ts';
import { followRedirect } from '#client/api/follow-redirect.ts';
import { Input } from '#client/forms/controls.ts';
import { Field } from '#client/forms/field.tsx';
import { errorOf } from '#client/forms/form-errors.ts';
import { ServerAlert, useServerAlert } from '#client/forms/server-alert.tsx';
import { defaultErrorText } from '#client/forms/server-error.ts';
import { SubmitButton } from '#client/forms/submit-button.tsx';
import { zodResolver } from '#client/forms/zod-resolver.ts';

import { useRootData } from '#client/root-data.ts';
import { Stack } from '#client/ui/blocks.ts';
import { errorField } from '#domain/mypage/error-fields.ts';
import { emailEditFormSchema } from '#domain/validation/email-edit.ts';

type Values = { email: string };

/** Step 1 of the e-mail change: the current address (disabled) and the new one; 次へ mails the code. */
export function EmailEditForm({ currentEmail }: { currentEmail: string }) {
  const { i18n, t } = useLingui();
  const { storeSettingData: s } = useRootData();
  const max = s.signupFields.maxLengths.email;
  const resolver = useMemo(() => zodResolver<Values>(emailEditFormSchema(max, currentEmail), i18n), [max, currentEmail, i18n]);
  const { register, handleSubmit, setError, formState } = useForm<Values>({ mode: 'onTouched', defaultValues: { email: '' }, resolver });
  const server = useServerAlert();
  const [leaving, setLeaving] = useState(false);

  const submit = handleSubmit(async (values) => {
    server.clear();
    const result = await sendEmailEditCode(values.email);
    if (result.ok) {
      setLeaving(true);
      await followRedirect(result.data.redirectTo);
      return;
    }
    const view = server.show(result.error, { fields: ['email'], fallback: defaultErrorText(i18n), setError });
    // A failed send belongs on the address too (spec 8), with the server's text.
    if (errorField('emailEditSend', result.error)?.field === 'email' && view.fields.length === 0 && view.summary) {
      setError('email', { type: 'server', message: view.summary }, { shouldFocus: true });
      server.clear();
    }
  });

  return (
    <form method="post" noValidate onSubmit={submit}>
      <Stack>
        <Field label={t`現在のメールアドレス`}>{(c) => <Input {...c} type="email" value={currentEmail} disabled readOnly />}</Field>
        <Field label={t`新しいメールアドレス`} usage="REQUIRED" error={errorOf(formState.errors, 'email')}>
          {(c) => <Input {...c} {...register('email')} type="email" autoComplete="email" autoCapitalize="off" spellCheck={false} />}
        </Field>
        <ServerAlert state={server.state} />
        <SubmitButton busy={formState.isSubmitting || leaving}>
          <Trans>次へ</Trans>
        </SubmitButton>
      </Stack>
    </form>
  );
}
