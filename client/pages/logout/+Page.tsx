import { Trans, useLingui } from '@lingui/react/macro';
import { AuthPage } from '#client/identity/auth-page.tsx';
import { LogoutNotice } from '#client/identity/logout-notice.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { Stack } from '#client/ui/blocks.ts';
import { ButtonLink } from '#client/ui/button.ts';

export default function Page() {
  const { t } = useLingui();
  const data = useScreenData('/logout');
  if (!data.loggedOut) {
    // Reached from another site: the session was kept. This link is the member's own navigation
    // (same origin, a full load), which does log out.
    return (
      <AuthPage
        title={t`ログアウトしますか？`}
        lead={
          <p>
            <Trans>ログアウトするには、下のボタンを押してください。</Trans>
          </p>
        }
      >
        <Stack gap={16}>
          <ButtonLink href="/logout" variant="primary" size="lg" block data-vike="false">
            <Trans>ログアウトする</Trans>
          </ButtonLink>
          <ButtonLink href="/" variant="secondary" size="lg" block>
            <Trans>トップページへ</Trans>
          </ButtonLink>
        </Stack>
      </AuthPage>
    );
  }
  return (
    <AuthPage
      title={t`ログアウトしました`}
      lead={
        <p>
          <Trans>ご利用ありがとうございました。</Trans>
        </p>
      }
    >
      <LogoutNotice redirectSeconds={data.redirectSeconds} />
    </AuthPage>
  );
}
