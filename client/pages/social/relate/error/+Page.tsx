import { Trans, useLingui } from '@lingui/react/macro';
import { AuthPage } from '#client/identity/auth-page.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { Text } from '#client/ui/blocks.ts';
import { ButtonLink } from '#client/ui/button.ts';

/** /social/relate/error: an external ID could not be used (linked to another account, or a system error). */
export default function Page() {
  const { t } = useLingui();
  const data = useScreenData('/social/relate/error');
  return (
    <AuthPage title={t`外部ID連携エラー`}>
      <Text role="alert">
        {data.type === 'ACCOUNT_ALREADY_EXISTS' ? (
          <Trans>この外部IDは既に別のアカウントに連携されています。</Trans>
        ) : (
          <Trans>システムエラーが発生しました。しばらくしてから再度お試しください。</Trans>
        )}
      </Text>
      <ButtonLink href="/" variant="primary" size="lg" block>
        <Trans>トップページへ戻る</Trans>
      </ButtonLink>
    </AuthPage>
  );
}
