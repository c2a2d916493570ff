import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { followRedirect } from '#client/api/follow-redirect.ts';
import { loginWithCode, resendCode } from '#client/api/identity-calls.ts';
import { TextLink } from '#client/forms/controls.ts';
import { defaultErrorText } from '#client/forms/server-error.ts';
import { interactionHref } from '#client/oidc/interaction-href.ts';
import { useRootData } from '#client/root-data.ts';
import { LinkRow, Stack } from '#client/ui/blocks.ts';
import type { LoginCodeScreen } from '#domain/identity-screens.ts';
import { AuthPage } from './auth-page.tsx';
import { CodeEntry, flowEnded } from './code-entry.tsx';
import { asLabel, codeName as codeNameOf } from './code-name.ts';

/**
 * The code page of the code login (/login/code), also for an app's sign-in through the store
 * (/oidc/login/code with the interaction's `uid`, decision 0023; `intro` names the app).
 */
export function LoginCodeView({ data, uid, intro }: { data: LoginCodeScreen; uid?: string; intro?: ReactNode }) {
  const { i18n, t } = useLingui();
  const { storeSettingData, lang } = useRootData();
  const codeName = codeNameOf(i18n, storeSettingData, 'login', lang);
  const label = asLabel(codeName);
  const maskedEmail = data.maskedEmail;
  const loginHref = uid ? interactionHref('/oidc/login', uid, { loginType: 'authCode' }) : '/login?loginType=authCode';
  return (
    <AuthPage
      title={t`${codeName}の入力`}
      lead={
        <>
          {intro}
          <p>
            {maskedEmail ? (
              <Trans>
                ご登録のメールアドレスであれば、<strong>{maskedEmail}</strong> 宛に{codeName}をお送りしました。
              </Trans>
            ) : (
              <Trans>ご登録のユーザIDであれば、登録されているメールアドレス宛に{codeName}をお送りしました。</Trans>
            )}
          </p>
        </>
      }
    >
      <Stack gap={24}>
        <CodeEntry
          codeName={codeName}
          label={label}
          submitLabel={t`ログイン`}
          serverField="authCode"
          fallback={defaultErrorText(i18n)}
          validityMinutes={data.validityMinutes}
          resendCountdownSeconds={data.resendCountdownSeconds}
          resendHintMinutes={data.resendHintMinutes}
          onSubmit={async (code) => {
            const result = await loginWithCode(code, { uid });
            if (!result.ok) return result.error;
            await followRedirect(result.data.redirectTo, { reload: true });
            return null;
          }}
          onResend={async () => {
            const result = await resendCode('login');
            return result.ok ? null : result.error;
          }}
          // The code-login flow ended (expired, or another login started): log in again.
          describeError={flowEnded(loginHref, <Trans>ログイン画面に戻る</Trans>)}
        />
        <LinkRow>
          <TextLink href={loginHref}>
            <Trans>別のメールアドレスでログイン</Trans>
          </TextLink>
        </LinkRow>
      </Stack>
    </AuthPage>
  );
}
