import { Trans, useLingui } from '@lingui/react/macro';
import { followRedirect } from '#client/api/follow-redirect.ts';
import { loginWithCode, resendCode } from '#client/api/identity-calls.ts';
import { TextLink } from '#client/forms/controls.ts';
import { defaultErrorText } from '#client/forms/server-error.ts';
import { AuthPage, LinkRow, Stack } from '#client/identity/auth-page.tsx';
import { CodeEntry } from '#client/identity/code-entry.tsx';
import { asLabel, codeName as codeNameOf } from '#client/identity/code-name.ts';
import { useRootData } from '#client/root-data.ts';
import { usePageData } from '#client/screen/use-page-data.ts';
import type { ErrorObject } from '#domain/errors.ts';

/** The code-login flow ended (expired, or another login started): log in again. */
function restart(error: ErrorObject) {
  if (error.code !== 'INVALID_SESSION_FLOW') return null;
  return {
    closed: true,
    alert: (
      <>
        <p>{error.message}</p>
        <p>
          <TextLink href="/login?loginType=authCode">
            <Trans>ログイン画面に戻る</Trans>
          </TextLink>
        </p>
      </>
    ),
  };
}

export default function Page() {
  const { i18n, t } = useLingui();
  const { storeSettingData, lang } = useRootData();
  const data = usePageData('/login/code');
  const codeName = codeNameOf(i18n, storeSettingData, 'login', lang);
  const label = asLabel(codeName);
  const maskedEmail = data.maskedEmail;
  return (
    <AuthPage
      title={t`${codeName}の入力`}
      lead={
        <p>
          {maskedEmail ? (
            <Trans>
              ご登録のメールアドレスであれば、<strong>{maskedEmail}</strong> 宛に{codeName}をお送りしました。
            </Trans>
          ) : (
            <Trans>ご登録のユーザIDであれば、登録されているメールアドレス宛に{codeName}をお送りしました。</Trans>
          )}
        </p>
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
            const result = await loginWithCode(code);
            if (!result.ok) return result.error;
            await followRedirect(result.data.redirectTo, { reload: true });
            return null;
          }}
          onResend={async () => {
            const result = await resendCode('login');
            return result.ok ? null : result.error;
          }}
          describeError={restart}
        />
        <LinkRow>
          <TextLink href="/login?loginType=authCode">
            <Trans>別のメールアドレスでログイン</Trans>
          </TextLink>
        </LinkRow>
      </Stack>
    </AuthPage>
  );
}
