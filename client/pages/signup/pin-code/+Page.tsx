import { Trans, useLingui } from '@lingui/react/macro';
import { followRedirect } from '#client/api/follow-redirect.ts';
import { confirmSignupCode, resendCode } from '#client/api/identity-calls.ts';
import { TextLink } from '#client/forms/controls.ts';
import { signupErrorText } from '#client/forms/server-error.ts';
import { AuthPage } from '#client/identity/auth-page.tsx';
import { CodeEntry, type ErrorView } from '#client/identity/code-entry.tsx';
import { asLabel, codeName as codeNameOf } from '#client/identity/code-name.ts';
import { useRootData } from '#client/root-data.ts';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { LinkRow, Stack } from '#client/ui/blocks.ts';
import type { ErrorObject } from '#domain/errors.ts';

/** Errors that end this sign-up: the address is a member already, or the flow expired. */
function describeError(error: ErrorObject): ErrorView | null {
  if (error.code === 'ACCOUNT_ALREADY_EXISTS_EMAIL') {
    return {
      closed: true,
      alert: (
        <>
          <p>
            <Trans>登録処理に失敗しました。上記エラー内容をご確認ください。</Trans>
          </p>
          <ul>
            <li>
              <TextLink href="/login">
                <Trans>このメールアドレスでログインする</Trans>
              </TextLink>
            </li>
            <li>
              <TextLink href="/password/forgot">
                <Trans>パスワードをお忘れの方</Trans>
              </TextLink>
            </li>
            <li>
              <TextLink href="/signup">
                <Trans>別のメールアドレスで登録する</Trans>
              </TextLink>
            </li>
          </ul>
        </>
      ),
    };
  }
  if (error.code === 'SIGNUP_FLOW_EXPIRED') {
    return {
      closed: true,
      alert: (
        <>
          <p>{error.message}</p>
          <p>
            <TextLink href="/signup">
              <Trans>最初からやり直す</Trans>
            </TextLink>
          </p>
        </>
      ),
    };
  }
  return null;
}

export default function Page() {
  const { i18n, t } = useLingui();
  const { storeSettingData, lang } = useRootData();
  const data = useScreenData('/signup/pin-code');
  const codeName = codeNameOf(i18n, storeSettingData, 'signUp', lang);
  const label = asLabel(codeName);
  const email = data.email;
  return (
    <AuthPage
      title={t`${codeName}の入力`}
      step={data}
      lead={
        <p>
          <Trans>
            <strong>{email}</strong> 宛に{codeName}を送信しました。
          </Trans>
        </p>
      }
    >
      <Stack gap={24}>
        <CodeEntry
          codeName={codeName}
          label={label}
          submitLabel={t`認証して次へ`}
          serverField="pinCode"
          fallback={signupErrorText(i18n)}
          validityMinutes={data.validityMinutes}
          resendCountdownSeconds={data.resendCountdownSeconds}
          resendHintMinutes={data.resendHintMinutes}
          onSubmit={async (code) => {
            const result = await confirmSignupCode(code);
            if (!result.ok) return result.error;
            await followRedirect(result.data.redirectTo);
            return null;
          }}
          onResend={async () => {
            const result = await resendCode('signUp');
            return result.ok ? null : result.error;
          }}
          describeError={describeError}
        />
        <LinkRow>
          {/* A changed address needs a new code: the e-mail step starts the flow again. */}
          <TextLink href="/signup/email">
            <Trans>メールアドレスを変更する</Trans>
          </TextLink>
        </LinkRow>
      </Stack>
    </AuthPage>
  );
}
