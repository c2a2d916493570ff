import styled from '@emotion/styled';
import { useLingui } from '@lingui/react/macro';
import { formatJstDateTime } from '#domain/jst-date-time.ts';
import type { PageData } from '#domain/page-data.ts';
import { formatYen } from '#domain/plan-price.ts';

const List = styled.dl`
  display: grid;
  grid-template-columns: minmax(8rem, max-content) 1fr;
  gap: 8px 16px;
  margin: 0 0 24px;
  ${({ theme }) => theme.mobile} {
    grid-template-columns: 1fr;
    gap: 2px;
    & dd {
      margin-bottom: 10px;
    }
  }
  & dt {
    font-weight: 700;
  }
  & dd {
    margin: 0;
  }
`;

const day = (d: string) => d.replaceAll('-', '/');

/** The order verification of spec 3, as the confirmation shows it (only the rows that apply). */
export function OrderSummary({ data, methodText }: { data: PageData<'/plans/@planId/confirm'>; methodText: string }) {
  const { t } = useLingui();
  const v = data.verification;
  const rows: [string, string][] = [
    [t`プラン`, data.plan.planName],
    [t({ message: '支払い方法', context: 'the method of one payment' }), methodText],
    [t`お支払い金額（税込）`, formatYen(v.billingAmount)],
    [t`初回お支払い日`, day(v.firstPaymentDay)],
  ];
  if (v.freeDays > 0) rows.push([t`無料期間`, t`${v.freeDays}日間`]);
  if (v.campaignName) rows.push([t`キャンペーン`, v.campaignName]);
  if (v.campaignDescription) rows.push([t`キャンペーン内容`, v.campaignDescription]);
  if (v.discountContinuationCount !== null) rows.push([t`キャンペーン価格の適用回数`, t`${v.discountContinuationCount}回`]);
  if (v.campaignEndDate) rows.push([t`キャンペーン終了日`, day(v.campaignEndDate)]);
  if (v.subscriptionExpiration) rows.push([t`契約終了日`, day(v.subscriptionExpiration)]);
  if (v.isReContract) rows.push([t`再契約`, t`以前ご契約いただいたプランの再契約です`]);
  if (v.entitlementExpiration) rows.push([t`視聴期限`, formatJstDateTime(v.entitlementExpiration, { seconds: false })]);
  return (
    <List>
      {rows.map(([k, value]) => (
        <div key={k} style={{ display: 'contents' }}>
          <dt>{k}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </List>
  );
}
