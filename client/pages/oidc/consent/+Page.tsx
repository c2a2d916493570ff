import { Trans, useLingui } from '@lingui/react/macro';
import { AuthPage } from '#client/identity/auth-page.tsx';
import { ClientCard, Precautions, ScopeList } from '#client/oidc/consent-parts.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { Stack } from '#client/ui/blocks.ts';
import { Button } from '#client/ui/button.ts';

/**
 * The consent screen of a third-party app (spec 2, 7): the app, the requested scopes (required
 * ones fixed, optional ones the viewer may untick) and the store's precautions. Plain forms, so
 * it works before (and without) JavaScript.
 */
export default function Page() {
  const { t } = useLingui();
  const data = useScreenData('/oidc/consent');
  const { clientInfo } = data;
  return (
    <AuthPage
      width="wide"
      title={t`アプリ連携の確認`}
      lead={
        <p>
          <Trans>
            {clientInfo.clientName} が {clientInfo.serviceName} のアカウント情報へのアクセスを求めています。
          </Trans>
        </p>
      }
    >
      <Stack gap={24}>
        <ClientCard client={clientInfo} />
        <form method="post" action="/oidc/consent/form" id="consent-form">
          <input type="hidden" name="uid" value={data.uid} />
          <ScopeList scopes={data.storeScopeSettings} updated={data.updatedScopeKeys} refusedBefore={data.unauthorizedScopeKeys} />
        </form>
        <Precautions items={data.oidcPrecautions} />
        <Stack gap={12}>
          <Button type="submit" form="consent-form" variant="primary" size="lg" block>
            <Trans>許可する</Trans>
          </Button>
          <form method="post" action="/oidc/consent/form/abort">
            <input type="hidden" name="uid" value={data.uid} />
            <Button type="submit" variant="secondary" size="lg" block>
              <Trans>キャンセル</Trans>
            </Button>
          </form>
        </Stack>
      </Stack>
    </AuthPage>
  );
}
