import { Trans } from '@lingui/react/macro';
import { ConfirmView } from '#client/purchase/confirm-view.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { PageContainer, PageLead, PageTitle } from '#client/ui/page.ts';

/** /plans/@planId/confirm: the order verification before the purchase (spec 2, 3 "Order verification"). */
export default function Page() {
  const data = useScreenData('/plans/@planId/confirm');
  return (
    <PageContainer>
      <PageTitle>
        <Trans>ご購入内容の確認</Trans>
      </PageTitle>
      <PageLead>
        <Trans>内容をご確認のうえ、お手続きを完了してください。</Trans>
      </PageLead>
      <ConfirmView data={data} signup={false} />
    </PageContainer>
  );
}
