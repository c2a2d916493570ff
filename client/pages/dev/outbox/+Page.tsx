import { Trans, useLingui } from '@lingui/react/macro';
import { FormAlert } from '#client/forms/form-alert.tsx';
import { OutboxList } from '#client/identity/outbox-list.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { ButtonLink } from '#client/ui/button.ts';
import { PageContainer, PageLead, PageTitle } from '#client/ui/page.ts';

/** The mails this store kept instead of sending (no SMTP_URL): codes and links to try the flows locally. */
export default function Page() {
  const { t } = useLingui();
  const { mails } = useScreenData('/dev/outbox');
  return (
    <PageContainer>
      <PageTitle>{t`送信メール（開発用）`}</PageTitle>
      <PageLead>
        <Trans>
          このストアが送信したメールの控えです。会員登録やログインの認証コード、パスワード再設定のリンクをここで確認できます。新しいものが上に表示されます。
        </Trans>
      </PageLead>
      <FormAlert tone="info">
        <p>
          <Trans>
            このページは、メールをSMTPで送信していない間（SMTP_URL
            が未設定のとき）だけ表示される開発用のページです。実際のメールは送信されていません。
          </Trans>
        </p>
      </FormAlert>
      <p>
        <ButtonLink href="/dev/outbox" variant="secondary" size="sm" data-vike="false">
          <Trans>最新の状態に更新</Trans>
        </ButtonLink>
      </p>
      <OutboxList mails={mails} />
    </PageContainer>
  );
}
