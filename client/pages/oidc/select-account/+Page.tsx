import { Trans, useLingui } from '@lingui/react/macro';
import { AuthPage } from '#client/identity/auth-page.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { Stack, Text } from '#client/ui/blocks.ts';
import { Button } from '#client/ui/button.ts';

/**
 * prompt=select_account (spec 2): the app asked which account to use. The member goes on as the
 * signed-in account or switches (signs out here and signs in with another). Plain forms.
 */
export default function Page() {
  const { t } = useLingui();
  const data = useScreenData('/oidc/select-account');
  return (
    <AuthPage
      title={t`アカウントの選択`}
      lead={
        <p>
          <Trans>
            {data.clientName} で使う {data.serviceName} のアカウントを選んでください。
          </Trans>
        </p>
      }
    >
      <Stack gap={16}>
        <Text>
          <Trans>ログイン中のアカウント: {data.email}</Trans>
        </Text>
        <form method="post" action="/oidc/selectAccount/form">
          <input type="hidden" name="uid" value={data.uid} />
          <Button type="submit" variant="primary" size="lg" block>
            <Trans>このアカウントで続ける</Trans>
          </Button>
        </form>
        <form method="post" action="/oidc/selectAccount/form/switch">
          <input type="hidden" name="uid" value={data.uid} />
          <Button type="submit" variant="secondary" size="lg" block>
            <Trans>別のアカウントでログイン</Trans>
          </Button>
        </form>
      </Stack>
    </AuthPage>
  );
}
