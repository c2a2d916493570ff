import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { enablePassword } from '#client/api/credential-calls.ts';
import { followRedirect } from '#client/api/follow-redirect.ts';
import { resendCode } from '#client/api/identity-calls.ts';
import { Input } from '#client/forms/controls.ts';
import { Field } from '#client/forms/field.tsx';
import { FormAlert } from '#client/forms/form-alert.tsx';
import { errorOf } from '#client/forms/form-errors.ts';
import { formatted } from '#client/forms/formatted-input.ts';
import { PasswordPairFields } from '#client/forms/password-pair-fields.tsx';
import { ServerAlert, useServerAlert } from '#client/forms/server-alert.tsx';
import { defaultErrorText } from '#client/forms/server-error.ts';
import { SubmitButton } from '#client/forms/submit-button.tsx';
import { zodResolver } from '#client/forms/zod-resolver.ts';

import { canSubmitCode, sanitizeCode } from '#client/identity/code-input.ts';
import { asLabel } from '#client/identity/code-name.ts';
import { ResendLink } from '#client/identity/resend-link.tsx';
import { useCountdown } from '#client/identity/use-countdown.ts';
import { useRootData } from '#client/root-data.ts';
import { Stack } from '#client/ui/blocks.ts';
import type { CodeTiming } from '#domain/identity-screens.ts';
import { enablePasswordSchema } from '#domain/validation/password-setting.ts';

type Values = { pinCode: string; password: string; passwordConfirm: string };

/**
 * /mypage/enable-password: the code mailed on entering, the password and its confirmation. The
 * button waits for a code that differs from the last rejected one; the resend link for its countdown.
 */
export function EnablePasswordForm(props: CodeTiming & { codeName: string }) {
  const { i18n, t } = useLingui();
  const { storeSettingData: s } = useRootData();
  const { codeName } = props;
  const resolver = useMemo(
    () => zodResolver<Values>(enablePasswordSchema(s.passwordStrength), i18n, { params: { pinCode: { field: codeName } } }),
    [s, i18n, codeName],
  );
  const form = useForm<Values>({ mode: 'onTouched', defaultValues: { pinCode: '', password: '', passwordConfirm: '' }, resolver });
  const server = useServerAlert();
  const [leaving, setLeaving] = useState(false);
  const [lastRejected, setLastRejected] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const countdown = useCountdown(props.resendCountdownSeconds);
  const code = useWatch({ control: form.control, name: 'pinCode' }) ?? '';
  const fields = ['pinCode', 'password', 'passwordConfirm'];

  const submit = form.handleSubmit(async (values) => {
    server.clear();
    setNotice(null);
    const result = await enablePassword(values);
    if (result.ok) {
      setLeaving(true);
      await followRedirect(result.data.redirectTo);
      return;
    }
    if (result.error.code === 'PIN_CODE_ERROR') setLastRejected(values.pinCode);
    server.show(result.error, {
      fields,
      fallback: defaultErrorText(i18n),
      setError: form.setError,
      restartHref: '/mypage/enable-password',
    });
  });

  const resend = async () => {
    setResending(true);
    server.clear();
    setNotice(null);
    const result = await resendCode('passwordSetting');
    setResending(false);
    if (!result.ok) {
      const view = server.show(result.error, { fields, fallback: defaultErrorText(i18n), setError: form.setError, retryText: false });
      if (view.retryAfterSeconds) countdown.restart(view.retryAfterSeconds);
      return;
    }
    countdown.restart();
    setNotice(t`${codeName}を再送信しました。`);
  };

  const busy = form.formState.isSubmitting || leaving;
  return (
    <FormProvider {...form}>
      <form method="post" noValidate onSubmit={submit}>
        <Stack>
          <Field
            label={asLabel(codeName)}
            usage="REQUIRED"
            error={errorOf(form.formState.errors, 'pinCode')}
            hint={<Trans>メールに記載された6桁の数字を入力してください。</Trans>}
          >
            {(c) => (
              <Input
                {...c}
                {...formatted(form.register('pinCode'), sanitizeCode)}
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={6}
                spellCheck={false}
              />
            )}
          </Field>
          <ResendLink codeName={codeName} left={countdown.left} busy={resending || busy} onResend={resend} waitId="resend-wait" />
          <PasswordPairFields strength={s.passwordStrength} />
          <ServerAlert state={server.state} />
          {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
          <SubmitButton busy={busy} disabled={!canSubmitCode(code, lastRejected)}>
            <Trans>パスワードを設定</Trans>
          </SubmitButton>
        </Stack>
      </form>
    </FormProvider>
  );
}
