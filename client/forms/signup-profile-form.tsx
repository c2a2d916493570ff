import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { followRedirect } from '#client/api/follow-redirect.ts';
import { submitSignup } from '#client/api/identity-calls.ts';

import { useRootData } from '#client/root-data.ts';
import { Stack } from '#client/ui/blocks.ts';
import { fieldUsages, type ProfileField } from '#domain/validation/profile-field-list.ts';
import { type SignupFormInput, type SignupFormValues, signupFormDefaults, signupFormSchema } from '#domain/validation/signup-form.ts';
import { useBotCheck } from './bot-check.tsx';
import { Input, TextLink } from './controls.ts';
import { CustomInfoFields } from './custom-info-fields.tsx';
import { Field } from './field.tsx';
import { errorOf } from './form-errors.ts';
import { PasswordPairFields } from './password-pair-fields.tsx';
import { ProfileFieldList } from './profile-field-list.tsx';
import { ServerAlert, useServerAlert } from './server-alert.tsx';
import { signupErrorText } from './server-error.ts';
import { SubmitButton } from './submit-button.tsx';
import { builtOnFirstUse, zodResolver } from './zod-resolver.ts';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 20px;
  & > h2 {
    margin: 0;
    padding-bottom: 8px;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    font-size: 1.125rem;
  }
`;

/**
 * The member details of sign-up (spec 3, 5): the store's signupFields in order, its own questions,
 * and the password when the store has passwords. Sent to POST /zapi/signup; a full page load
 * follows, since the member is now signed in. `prefill`: a sign-up with an external ID starts
 * from what its provider gave and sets no password (the ID is the way in; decision 0024).
 */
export function SignupProfileForm({ email, prefill }: { email: string; prefill?: Partial<Record<ProfileField, string>> }) {
  const { i18n, t } = useLingui();
  const { storeSettingData: s } = useRootData();
  const withPassword = s.features.password && !prefill;
  const defaults = useMemo(() => ({ ...signupFormDefaults(s, { password: withPassword }), ...prefill }), [s, withPassword, prefill]);
  // Built at the first check: never during the server's render (decision 0026).
  const resolver = useMemo(
    () =>
      zodResolver<SignupFormInput, SignupFormValues>(
        builtOnFirstUse(() => signupFormSchema(s, { now: new Date(), password: withPassword })),
        i18n,
      ),
    [s, i18n, withPassword],
  );
  const form = useForm<SignupFormInput, unknown, SignupFormValues>({ mode: 'onTouched', defaultValues: defaults, resolver });
  const { handleSubmit, setError, formState } = form;
  const bot = useBotCheck('signup');
  const server = useServerAlert();
  const [leaving, setLeaving] = useState(false);
  const usages = fieldUsages(s);

  const submit = handleSubmit(async (values) => {
    server.clear();
    const result = await submitSignup({ ...values, ...(bot.token ? { botToken: bot.token } : {}) });
    if (result.ok) {
      setLeaving(true);
      await followRedirect(result.data.redirectTo, { reload: true });
      return;
    }
    const registered = result.error.code === 'ACCOUNT_ALREADY_EXISTS_EMAIL';
    server.show(result.error, {
      fields: ['email', ...Object.keys(defaults)],
      fallback: signupErrorText(i18n),
      setError,
      restartHref: '/signup',
      extra: registered ? (
        <p>
          <TextLink href="/login">{t`ログインする`}</TextLink>
          {' ／ '}
          <TextLink href="/password/forgot">{t`パスワードをお忘れの方`}</TextLink>
        </p>
      ) : undefined,
    });
    if (result.error.code === 'BOT_CHECK_FAILED') bot.reset();
  });

  return (
    <FormProvider {...form}>
      <form method="post" noValidate onSubmit={submit}>
        <Stack gap={32}>
          <Section aria-labelledby="signup-profile">
            <h2 id="signup-profile">
              <Trans>会員情報</Trans>
            </h2>
            <Field
              label={t`メールアドレス`}
              error={errorOf(formState.errors, 'email')}
              hint={<Trans>認証済みのメールアドレスです。</Trans>}
            >
              {(c) => <Input {...c} type="email" value={email} readOnly />}
            </Field>
            <ProfileFieldList usages={usages} />
            <CustomInfoFields definitions={s.signupFields.customAssociatedInfo} />
          </Section>
          {withPassword ? (
            <Section aria-labelledby="signup-password">
              <h2 id="signup-password">
                <Trans>パスワードの設定</Trans>
              </h2>
              <PasswordPairFields strength={s.passwordStrength} />
            </Section>
          ) : null}
          <Stack>
            {bot.widget}
            <ServerAlert state={server.state} />
            <SubmitButton busy={formState.isSubmitting || leaving} disabled={!bot.ready}>
              <Trans>登録する</Trans>
            </SubmitButton>
          </Stack>
        </Stack>
      </form>
    </FormProvider>
  );
}
