import { Trans, useLingui } from '@lingui/react/macro';
import { AuthPage } from '#client/identity/auth-page.tsx';
import { useRootData } from '#client/root-data.ts';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { Stack } from '#client/ui/blocks.ts';
import { ButtonLink } from '#client/ui/button.ts';

export default function Page() {
  const { t } = useLingui();
  const data = useScreenData('/signup/complete');
  const { storeSettingData, browserInfo } = useRootData();
  const serviceName = storeSettingData.serviceName;
  return (
    <AuthPage
      title={t`登録が完了しました`}
      step={data}
      lead={
        <p>
          <Trans>{serviceName}へのご登録ありがとうございます。登録完了のお知らせをメールでお送りしました。</Trans>
        </p>
      }
    >
      <Stack gap={12}>
        <ButtonLink href="/" variant="primary" size="lg" block>
          <Trans>トップページへ</Trans>
        </ButtonLink>
        {browserInfo.isApp ? null : (
          <ButtonLink href="/plans" variant="secondary" size="lg" block>
            <Trans>プランを見る</Trans>
          </ButtonLink>
        )}
      </Stack>
    </AuthPage>
  );
}
