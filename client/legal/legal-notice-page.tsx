import styled from '@emotion/styled';
import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { TextLink } from '#client/forms/controls.ts';
import { priceText } from '#client/plans/plan-texts.ts';
import { PageContainer, PageLead, PageTitle } from '#client/ui/page.ts';
import { CANCEL_PLACE_PATH } from '#domain/commerce/legal-paths.ts';
import { methodTypeLabel } from '#domain/commerce/method-texts.ts';
import type { LegalNoticeScreen } from '#domain/legal-notice.ts';

const Table = styled.dl`
  display: grid;
  grid-template-columns: minmax(10rem, 14rem) 1fr;
  max-width: 960px;
  margin: 0;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  overflow: hidden;
  & > div {
    display: contents;
  }
  & dt,
  & dd {
    margin: 0;
    padding: 14px 20px;
    line-height: 1.8;
    white-space: pre-line;
    overflow-wrap: anywhere;
  }
  & dt {
    font-weight: 700;
  }
  & > div + div > dt,
  & > div + div > dd {
    border-top: 1px solid ${({ theme }) => theme.color.border};
  }
  & ul {
    margin: 0;
    padding-left: 1.2em;
  }
  ${({ theme }) => theme.mobile} {
    grid-template-columns: 1fr;
    & dt {
      padding-bottom: 0;
    }
    & dd {
      padding-top: 2px;
    }
    & > div + div > dd {
      border-top: 0;
    }
  }
`;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function paymentTiming(i18n: I18n, data: LegalNoticeScreen): string {
  const kinds = new Set(data.plans.map((p) => p.planType));
  const lines: string[] = [];
  if (kinds.has('subscription'))
    lines.push(
      t(
        i18n,
      )`定額プラン：お申し込み時（無料期間があるプランは無料期間の終了日の翌日）に初回分を、以降は更新日ごとに次の期間分をお支払いいただきます。`,
    );
  if (kinds.has('purchase') || kinds.has('rental')) lines.push(t(i18n)`購入・レンタル：ご注文の確定時にお支払いいただきます。`);
  return lines.join('\n');
}

/** 「ウィークリーパス：¥330 / 週（税込）」, with the trial days where the plan has them. */
function planPriceLine(i18n: I18n, p: LegalNoticeScreen['plans'][number]): string {
  const name = p.planName;
  const price = priceText(i18n, p.price, p.priceSuffix);
  const line = t(i18n)`${name}：${price}`;
  return p.freeTrialDays > 0 ? line + t(i18n)`（初回${p.freeTrialDays}日間無料）` : line;
}

/** The store's 特定商取引法に基づく表記 (decision 0045). */
export function LegalNoticePage({ data }: { data: LegalNoticeScreen }) {
  const { i18n } = useLingui();
  const onRequest = t(i18n)`ご請求があれば遅滞なく開示いたします。`;
  const methods = [...new Set(data.paymentMethods.map((m) => methodTypeLabel(i18n, m)))];
  const hasSubscription = data.plans.some((p) => p.planType === 'subscription');
  return (
    <PageContainer>
      <PageTitle>
        <Trans>特定商取引法に基づく表記</Trans>
      </PageTitle>
      <PageLead>{data.serviceName}</PageLead>
      <Table>
        <Row label={t(i18n)`販売事業者`}>{data.seller}</Row>
        <Row label={t(i18n)`代表者`}>{data.representative ?? onRequest}</Row>
        <Row label={t(i18n)`所在地`}>{data.address ?? onRequest}</Row>
        <Row label={t(i18n)`電話番号`}>
          {data.phone ? (
            <>
              <a href={`tel:${data.phone.replaceAll('-', '')}`}>{data.phone}</a>
              {data.contactHours ? `\n${t(i18n)`受付時間：${data.contactHours}`}` : ''}
            </>
          ) : (
            onRequest
          )}
        </Row>
        {data.email ? (
          <Row label={t(i18n)`メールアドレス`}>
            <a href={`mailto:${data.email}`}>{data.email}</a>
          </Row>
        ) : null}
        <Row label={t(i18n)`販売価格`}>
          {data.plans.length > 0 ? (
            <ul>
              {data.plans.map((p) => (
                <li key={p.planName}>{planPriceLine(i18n, p)}</li>
              ))}
            </ul>
          ) : null}
          {data.pricesNote ??
            t(
              i18n,
            )`各プランのお申し込みページに表示する価格（税込）です。キャンペーン価格は、その条件とともにお申し込みページに表示します。`}
        </Row>
        <Row label={t(i18n)`商品代金以外の必要料金`}>
          {data.additionalFees ?? t(i18n)`インターネット接続に必要な通信料は、お客様のご負担となります。`}
        </Row>
        <Row label={t(i18n)`お支払い方法`}>
          {methods.length > 0
            ? methods.join(t(i18n)({ message: '、', context: 'between the items of a list' }))
            : t(i18n)`お申し込みページに表示する方法`}
          {data.paymentNote ? `\n${data.paymentNote}` : ''}
        </Row>
        <Row label={t(i18n)`お支払い時期`}>{paymentTiming(i18n, data) || t(i18n)`ご注文の確定時にお支払いいただきます。`}</Row>
        <Row label={t(i18n)`引渡時期`}>{data.deliveryNote ?? t(i18n)`お支払いの完了後、すぐにご覧いただけます。`}</Row>
        <Row label={t(i18n)`返品・キャンセル`}>
          {data.cancellationNote ??
            t(
              i18n,
            )`デジタルコンテンツの性質上、ご注文の確定後の返品・キャンセルはお受けできません。レンタルの視聴期間は、ご注文の完了時から始まります。`}
          {hasSubscription ? (
            <>
              {'\n'}
              {t(
                i18n,
              )`定額プランは、マイページからいつでも解約できます。次回の更新日の前日までに解約すると、以降の料金はかかりません。お支払い済みの料金は、日割りを含め返金いたしません。`}{' '}
              <TextLink href={CANCEL_PLACE_PATH}>
                <Trans>マイページで解約する</Trans>
              </TextLink>
            </>
          ) : null}
        </Row>
        {data.environmentNote ? <Row label={t(i18n)`動作環境`}>{data.environmentNote}</Row> : null}
      </Table>
    </PageContainer>
  );
}
