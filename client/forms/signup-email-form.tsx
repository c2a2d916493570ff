import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { followRedirect } from '#client/api/follow-redirect.ts';
import { startSignupWithEmail } from '#client/api/identity-calls.ts';

import { codeName as codeNameOf } from '#client/identity/code-name.ts';
import { interactionHref } from '#client/oidc/interaction-href.ts';
import { useRootData } from '#client/root-data.ts';
import { Stack } from '#client/ui/blocks.ts';
import { emailWithConfirmationSchema } from '#domain/validation/email.ts';
import { useBotCheck } from './bot-check.tsx';
import { Input } from './controls.ts';
import { Field } from './field.tsx';
import { errorOf } from './form-errors.ts';
import { ServerAlert, useServerAlert } from './server-alert.tsx';
import { signupErrorText } from './server-error.ts';
import { SubmitButton } from './submit-button.tsx';
import { zodResolver } from './zod-resolver.ts';

type Values = { email: string; emailConfirm: string };

/**
 * Sign-up by e-mail: the address twice; a code is mailed and the viewer goes on to enter it.
 * `initialEmail`: an external ID's unproven address, filled in both boxes (the viewer may change it).
 * With `uid`, the sign-up of an app's sign-in through the store (decision 0023), which returns there;
 * `returnTo`: the page the sign-up began from (a plan being bought), where it returns.
 */
export function SignupEmailForm({ initialEmail = '', uid, returnTo = '' }: { initialEmail?: string; uid?: string; returnTo?: string }) {
  const { i18n, t } = useLingui();
  const { storeSettingData: s, lang } = useRootData();
  const resolver = useMemo(() => zodResolver<Values>(emailWithConfirmationSchema(s.signupFields.maxLengths.email), i18n), [s, i18n]);
  const { register, handleSubmit, setError, getValues, trigger, formState } = useForm<Values>({
    mode: 'onTouched',
    defaultValues: { email: initialEmail, emailConfirm: initialEmail },
    resolver,
  });
  const bot = useBotCheck('signup');
  const server = useServerAlert();
  const [leaving, setLeaving] = useState(false);
  const codeName = codeNameOf(i18n, s, 'signUp', lang);

  const submit = handleSubmit(async (values) => {
    server.clear();
    const result = await startSignupWithEmail(
      { email: values.email, botToken: bot.token, ...(returnTo ? { redirectTo: returnTo } : {}) },
      { uid },
    );
    if (result.ok) {
      setLeaving(true);
      await followRedirect(result.data.redirectTo);
      return;
    }
    const restartHref = uid ? interactionHref('/oidc/signup', uid) : '/signup';
    server.show(result.error, { fields: ['email', 'emailConfirm'], fallback: signupErrorText(i18n), setError, restartHref });
    if (result.error.code === 'BOT_CHECK_FAILED') bot.reset();
  });

  const errors = formState.errors;
  return (
    <form method="post" noValidate onSubmit={submit}>
      <Stack>
        <Field label={t`メールアドレス`} usage="REQUIRED" error={errorOf(errors, 'email')}>
          {(c) => (
            <Input
              {...c}
              {...register('email', {
                // A changed address is compared again with a confirmation already typed.
                onChange: () => {
                  if (getValues('emailConfirm')) void trigger('emailConfirm');
                },
              })}
              type="email"
              autoComplete="email"
              autoCapitalize="off"
              spellCheck={false}
            />
          )}
        </Field>
        <Field
          label={t`メールアドレス（確認用）`}
          usage="REQUIRED"
          error={errorOf(errors, 'emailConfirm')}
          hint={<Trans>確認のため、もう一度入力してください。</Trans>}
        >
          {(c) => <Input {...c} {...register('emailConfirm')} type="email" autoComplete="email" autoCapitalize="off" spellCheck={false} />}
        </Field>
        {bot.widget}
        <ServerAlert state={server.state} />
        <SubmitButton busy={formState.isSubmitting || leaving} disabled={!bot.ready}>
          {t`${codeName}を送信`}
        </SubmitButton>
      </Stack>
    </form>
  );
}
