import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { changeUserId } from '#client/api/credential-calls.ts';
import { followRedirect } from '#client/api/follow-redirect.ts';
import { Input } from '#client/forms/controls.ts';
import { Field } from '#client/forms/field.tsx';
import { errorOf } from '#client/forms/form-errors.ts';
import { PasswordInput } from '#client/forms/password-input.tsx';
import { ServerAlert, useServerAlert } from '#client/forms/server-alert.tsx';
import { defaultErrorText } from '#client/forms/server-error.ts';
import { SubmitButton } from '#client/forms/submit-button.tsx';
import { UserIdField } from '#client/forms/user-id-field.tsx';
import { validationText, zodResolver } from '#client/forms/zod-resolver.ts';
import { Stack } from '#client/ui/blocks.ts';
import { errorField } from '#domain/mypage/error-fields.ts';
import { userIdEditSchema } from '#domain/validation/user-id-edit.ts';

type Values = { userId: string; password: string };
type Parsed = z.output<ReturnType<typeof userIdEditSchema>>;

/**
 * The user-ID change: the current ID (if any, disabled), the new one (checked with the server on
 * blur unless unchanged), and the password. A wrong password is 'パスワードが正しくありません。'.
 */
export function UserIdEditForm({ currentUserId }: { currentUserId: string | null }) {
  const { i18n, t } = useLingui();
  const resolver = useMemo(() => zodResolver<Values, Parsed>(userIdEditSchema(currentUserId), i18n), [currentUserId, i18n]);
  const form = useForm<Values, unknown, Parsed>({ mode: 'onTouched', defaultValues: { userId: '', password: '' }, resolver });
  const server = useServerAlert();
  const [leaving, setLeaving] = useState(false);

  const submit = form.handleSubmit(async (values) => {
    server.clear();
    const result = await changeUserId({ userId: values.userId ?? '', password: values.password });
    if (result.ok) {
      setLeaving(true);
      await followRedirect(result.data.redirectTo);
      return;
    }
    const target = errorField('userIdEdit', result.error);
    if (target?.key) {
      // The spec's own text for this error (REQUEST_UNAUTHORIZED), whatever the server said.
      form.setError(target.field as keyof Values, { type: 'server', message: validationText(i18n, target.key) }, { shouldFocus: true });
      return;
    }
    server.show(result.error, { fields: ['userId', 'password'], fallback: defaultErrorText(i18n), setError: form.setError });
  });

  return (
    <FormProvider {...form}>
      <form method="post" noValidate onSubmit={submit}>
        <Stack>
          {currentUserId ? (
            <Field label={t`現在のユーザID`}>{(c) => <Input {...c} type="text" value={currentUserId} disabled readOnly />}</Field>
          ) : null}
          <UserIdField usage="REQUIRED" currentUserId={currentUserId} label={t`新しいユーザID`} />
          <Field label={t`パスワード`} usage="REQUIRED" error={errorOf(form.formState.errors, 'password')}>
            {(c) => <PasswordInput control={c} registration={form.register('password')} autoComplete="current-password" />}
          </Field>
          <ServerAlert state={server.state} />
          <SubmitButton busy={form.formState.isSubmitting || leaving}>
            <Trans>変更する</Trans>
          </SubmitButton>
        </Stack>
      </form>
    </FormProvider>
  );
}
