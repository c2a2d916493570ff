import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { usePageContext } from 'vike-react/usePageContext';
import { followRedirect } from '#client/api/follow-redirect.ts';
import { loginWithPassword, requestLoginCode } from '#client/api/identity-calls.ts';

import { codeName as codeNameOf } from '#client/identity/code-name.ts';
import { withReturnTo } from '#client/identity/return-to.ts';
import { interactionHref } from '#client/oidc/interaction-href.ts';
import { useRootData } from '#client/root-data.ts';
import { Divider, LinkRow, Stack, Text } from '#client/ui/blocks.ts';
import { ButtonLink } from '#client/ui/button.ts';
import { VisuallyHidden } from '#client/ui/visually-hidden.ts';
import type { LoginType } from '#domain/identity-screens.ts';
import { useBotCheck } from './bot-check.tsx';
import { Input, TextLink } from './controls.ts';
import { Field } from './field.tsx';
import { errorOf } from './form-errors.ts';
import { PasswordInput } from './password-input.tsx';
import { ServerAlert, useServerAlert } from './server-alert.tsx';
import { loginErrorText } from './server-error.ts';
import { SubmitButton } from './submit-button.tsx';
import { zodResolver } from './zod-resolver.ts';

type Values = { emailUserId: string; password: string };
type Parsed = { emailUserId: string; password?: string };

// The login schemas (and with them zod) load when the form is first used, not with the page: a
// look at the login page costs no validation code. A focus in the form starts the download.
const loadSchemas = () => import('#domain/validation/login.ts');

/** The address of the other mode: ?loginType=authCode, or none (or password) for the store's default. */
export function loginModeHref(href: string, mode: LoginType, storeDefault: LoginType): string {
  const url = new URL(href);
  if (mode === storeDefault) url.searchParams.delete('loginType');
  else url.searchParams.set('loginType', mode);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Login by password or by a code sent by e-mail (spec 2). Switching modes clears the errors and
 * puts the mode in the address, so a reload or a shared link opens the same mode. With `uid`, the
 * login of an app's sign-in through the store (/oidc/login, decision 0023): the calls carry the
 * interaction and the sign-up link leads to its sign-up, and the app's login_hint fills the address.
 */
export function LoginForm({
  initialMode,
  redirectTo,
  uid,
  initialEmailUserId = '',
}: {
  initialMode: LoginType;
  redirectTo: string;
  uid?: string;
  /** The address or user ID the form starts with (an app's login_hint). */
  initialEmailUserId?: string;
}) {
  const { i18n, t } = useLingui();
  const { storeSettingData: s, lang } = useRootData();
  const { urlOriginal } = usePageContext();
  const passwordAllowed = s.features.password;
  const [mode, setMode] = useState<LoginType>(passwordAllowed ? initialMode : 'authCode');
  const modeRef = useRef(mode);
  modeRef.current = mode;
  const codeName = codeNameOf(i18n, s, 'login', lang);
  const resolver = useMemo((): Resolver<Values, unknown, Parsed> => {
    let resolvers: Record<LoginType, Resolver<Values, unknown, Parsed>> | null = null;
    return async (values, context, options) => {
      if (!resolvers) {
        const { loginPasswordSchema, loginCodeRequestSchema } = await loadSchemas();
        resolvers = {
          password: zodResolver<Values, Parsed>(loginPasswordSchema(s), i18n),
          authCode: zodResolver<Values, Parsed>(loginCodeRequestSchema(s), i18n),
        };
      }
      return resolvers[modeRef.current](values, context, options);
    };
  }, [s, i18n]);
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<Values, unknown, Parsed>({
    mode: 'onTouched',
    defaultValues: { emailUserId: initialEmailUserId, password: '' },
    resolver,
  });
  const bot = useBotCheck('login');
  const server = useServerAlert();
  const [announce, setAnnounce] = useState('');
  const [leaving, setLeaving] = useState(false);

  const switchTo = (next: LoginType) => {
    clearErrors();
    server.clear();
    setMode(next);
    window.history.replaceState(window.history.state, '', loginModeHref(window.location.href, next, s.defaultLoginType));
    setAnnounce(next === 'authCode' ? t`${codeName}でのログインに切り替えました。` : t`パスワードでのログインに切り替えました。`);
  };

  const submit = handleSubmit(async (values) => {
    server.clear();
    const common = { emailUserId: values.emailUserId, botToken: bot.token, ...(uid ? {} : { redirectTo: redirectTo || undefined }) };
    const result =
      mode === 'password'
        ? await loginWithPassword({ ...common, password: values.password ?? '' }, { uid })
        : await requestLoginCode(common, { uid });
    if (result.ok) {
      setLeaving(true);
      // After a login the header and root data must be rendered afresh: a full load.
      await followRedirect(result.data.redirectTo, { reload: mode === 'password' });
      return;
    }
    server.show(result.error, { fields: ['emailUserId', 'password'], fallback: loginErrorText(i18n), setError });
    if (result.error.code === 'BOT_CHECK_FAILED') bot.reset();
  });

  const other: LoginType = mode === 'password' ? 'authCode' : 'password';
  const errors = formState.errors;
  return (
    <Stack gap={24}>
      <form method="post" noValidate onSubmit={submit} onFocus={() => void loadSchemas()}>
        <Stack>
          {mode === 'authCode' ? (
            <Text>
              <Trans>ご登録のメールアドレス宛に{codeName}をお送りします。パスワードは不要です。</Trans>
            </Text>
          ) : null}
          <Field label={s.features.userId ? t`メールアドレスまたはユーザID` : t`メールアドレス`} error={errorOf(errors, 'emailUserId')}>
            {(c) => (
              <Input
                {...c}
                {...register('emailUserId')}
                type={s.features.userId ? 'text' : 'email'}
                inputMode="email"
                autoComplete="username"
                autoCapitalize="off"
                spellCheck={false}
              />
            )}
          </Field>
          {mode === 'password' ? (
            <Field label={t`パスワード`} error={errorOf(errors, 'password')}>
              {(c) => <PasswordInput control={c} registration={register('password')} autoComplete="current-password" />}
            </Field>
          ) : null}
          {bot.widget}
          <ServerAlert state={server.state} />
          <SubmitButton busy={formState.isSubmitting || leaving} disabled={!bot.ready}>
            {mode === 'password' ? t`ログイン` : t`${codeName}を送信`}
          </SubmitButton>
          {/* Without passwords there is no link to show: no empty row (and gap) under the button. */}
          {passwordAllowed ? (
            <LinkRow>
              {mode === 'password' ? <TextLink href="/password/forgot">{t`パスワードをお忘れの方`}</TextLink> : null}
              <TextLink
                href={loginModeHref(new URL(urlOriginal, 'http://localhost').href, other, s.defaultLoginType)}
                data-vike="false"
                // No blur check of the field being left: its message would move this link mid-click.
                onMouseDown={(e) => e.preventDefault()}
                onClick={(e) => {
                  e.preventDefault();
                  switchTo(other);
                }}
              >
                {other === 'authCode' ? t`${codeName}でログイン` : t`パスワードでログイン`}
              </TextLink>
            </LinkRow>
          ) : null}
          <VisuallyHidden role="status">{announce}</VisuallyHidden>
        </Stack>
      </form>
      <Divider>
        <Trans>はじめてご利用の方</Trans>
      </Divider>
      <ButtonLink
        href={uid ? interactionHref('/oidc/signup', uid) : withReturnTo('/signup', redirectTo)}
        variant="secondary"
        size="lg"
        block
      >
        <Trans>新規登録</Trans>
      </ButtonLink>
    </Stack>
  );
}
