import { Trans, useLingui } from '@lingui/react/macro';
import { TextLink } from '#client/forms/controls.ts';
import { PasswordForgotForm } from '#client/forms/password-forgot-form.tsx';
import { AuthPage } from '#client/identity/auth-page.tsx';
import { LinkRow, Stack } from '#client/ui/blocks.ts';

export default function Page() {
  const { t } = useLingui();
  return (
    <AuthPage
      title={t`パスワードの再設定`}
      lead={
        <p>
          <Trans>ご登録のメールアドレスを入力してください。パスワードを再設定するためのリンクをお送りします。</Trans>
        </p>
      }
    >
      <Stack gap={24}>
        <PasswordForgotForm />
        <LinkRow>
          <TextLink href="/login">
            <Trans>ログイン画面に戻る</Trans>
          </TextLink>
        </LinkRow>
      </Stack>
    </AuthPage>
  );
}
