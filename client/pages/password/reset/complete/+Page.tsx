import { Trans, useLingui } from '@lingui/react/macro';
import { AuthPage } from '#client/identity/auth-page.tsx';
import { ButtonLink } from '#client/ui/button.ts';

export default function Page() {
  const { t } = useLingui();
  return (
    <AuthPage
      title={t`パスワードを再設定しました`}
      lead={
        <p>
          <Trans>新しいパスワードでログインしてください。安全のため、ほかの端末でもログアウトしています。</Trans>
        </p>
      }
    >
      <ButtonLink href="/login" variant="primary" size="lg" block>
        <Trans>ログイン</Trans>
      </ButtonLink>
    </AuthPage>
  );
}
