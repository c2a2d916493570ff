// The rows of the order confirmation (spec 3 "Order verification"), in the viewer's language: only
// the rows that apply to this order.
import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { formatDay } from '#domain/jst-date-time.ts';
import { formatYen } from '#domain/plan-price.ts';
import type { ScreenData } from '#domain/screen-data.ts';

export function orderSummaryRows(i18n: I18n, data: ScreenData<'/plans/@planId/confirm'>, methodText: string): [string, string][] {
  const v = data.verification;
  const rows: [string, string][] = [
    // One plan: "Plan" in English (the menu's プラン is "Plans").
    [t(i18n)({ message: 'プラン', context: 'the one plan of an order' }), data.plan.planName],
    [t(i18n)({ message: '支払い方法', context: 'the method of one payment' }), methodText],
    [t(i18n)`お支払い金額（税込）`, formatYen(v.billingAmount)],
  ];
  // The days (first payment, free days, contract end, viewing window) are the legal terms' rows
  // (orderTermRows, decision 0045), shown below these.
  if (v.campaignName) rows.push([t(i18n)`キャンペーン`, v.campaignName]);
  if (v.campaignDescription) rows.push([t(i18n)`キャンペーン内容`, v.campaignDescription]);
  if (v.discountContinuationCount !== null) rows.push([t(i18n)`キャンペーン価格の適用回数`, t(i18n)`${v.discountContinuationCount}回`]);
  if (v.campaignEndDate) rows.push([t(i18n)`キャンペーン終了日`, formatDay(v.campaignEndDate)]);
  if (v.isReContract) rows.push([t(i18n)`再契約`, t(i18n)`以前ご契約いただいたプランの再契約です`]);
  return rows;
}
