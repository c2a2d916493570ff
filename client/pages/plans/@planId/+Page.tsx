import { Trans, useLingui } from '@lingui/react/macro';
import { PlanCard } from '#client/plans/plan-card.tsx';
import { campaignOfferText } from '#client/purchase/campaign-offer.ts';
import { PurchaseForm } from '#client/purchase/purchase-form.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { PageContainer, PageLead, PageTitle } from '#client/ui/page.ts';

/** /plans/{planId}: the purchase form (spec 2 "Purchase routes"); a guest was sent to log in first. */
export default function Page() {
  const { i18n, t } = useLingui();
  const data = useScreenData('/plans/@planId');
  const errorText =
    data.error === 'cancelled'
      ? t`お支払いがキャンセルされました。`
      : data.error
        ? t`お支払いを完了できませんでした。別の支払い方法をお試しください。`
        : null;
  return (
    <PageContainer>
      <PageTitle>
        <Trans>購入手続き</Trans>
      </PageTitle>
      <PageLead>
        <Trans>表示価格はすべて税込です。</Trans>
      </PageLead>
      {errorText && <p role="alert">{errorText}</p>}
      <PlanCard plan={data.plan} headingLevel={2} hideButton />
      {data.automaticCampaign && (
        <p>
          <strong>{data.automaticCampaign.name}</strong> {campaignOfferText(i18n, data.automaticCampaign)}
        </p>
      )}
      {data.rentalDays !== null && (
        <p>
          <Trans>購入から{data.rentalDays}日間ご視聴いただけます。</Trans>
        </p>
      )}
      <PurchaseForm data={data} />
    </PageContainer>
  );
}
