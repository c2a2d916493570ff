import styled from '@emotion/styled';
import { useLingui } from '@lingui/react/macro';
import { priceText, renewalLabel } from '#client/plans/plan-texts.ts';
import type { ContractedSubscription } from '#domain/billing/subscription-screens.ts';
import { formatYen } from '#domain/plan-price.ts';
import { dayText, methodText } from './texts.ts';

const List = styled.dl`
  display: grid;
  grid-template-columns: minmax(120px, 200px) 1fr;
  margin: 0;
  border-top: 1px solid ${({ theme }) => theme.color.border};
  & dt,
  & dd {
    margin: 0;
    padding: 14px 4px;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    overflow-wrap: anywhere;
  }
  & dt {
    font-weight: 700;
  }
  ${({ theme }) => theme.mobile} {
    grid-template-columns: 1fr;
    & dt {
      padding-bottom: 0;
      border-bottom: 0;
    }
    & dd {
      padding-top: 4px;
    }
  }
`;

const Group = styled.div`
  display: contents;
`;

/** The detail of a subscription (member-area 2): price, campaign and its period, days, payment method. */
export function SubscriptionFacts({ subscription: s }: { subscription: ContractedSubscription }) {
  const { i18n, t } = useLingui();
  const { view } = s;
  const rows: [string, string][] = [[t`料金`, priceText(i18n, s.billingAmount, s.priceSuffix)]];
  if (s.billingAmount !== s.originalPrice) rows.push([t`通常料金`, formatYen(s.originalPrice)]);
  if (s.renewal) rows.push([t`更新`, renewalLabel(i18n, s.renewal)]);
  if (s.campaign) rows.push([t`キャンペーン`, s.campaign.campaignName]);
  if (s.campaignApplicablePeriod) {
    const { startDate, endDate } = s.campaignApplicablePeriod;
    rows.push([t`キャンペーン期間`, `${dayText(startDate)} - ${endDate ? dayText(endDate) : ''}`.trim()]);
  }
  if (view.trialEndsOn) rows.push([t`無料トライアル終了日`, dayText(view.trialEndsOn)]);
  rows.push([t`初回決済日`, dayText(s.firstPaymentDay)]);
  rows.push(view.dateKind === 'endDate' ? [t`終了日時`, dayText(view.date)] : [t`次回決済日`, dayText(view.date)]);
  if (view.showPaymentMethod)
    rows.push([
      t({ message: '支払い方法', context: 'the method of one payment' }),
      s.accountPaymentMethod ? methodText(i18n, s.accountPaymentMethod) : t`未登録`,
    ]);
  return (
    <List>
      {rows.map(([label, value]) => (
        <Group key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Group>
      ))}
    </List>
  );
}
