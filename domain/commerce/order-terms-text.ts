// The order terms (order-terms.ts) as the rows the final confirmation and the order mail show, in
// the viewer's language. One text for both: the page passes its Lingui instance, the mail the
// member's language's.
import type { I18n } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';
import { formatDay, formatJstDateTime } from '#domain/jst-date-time.ts';
import { formatYen, isAnnualDisplay, type RenewSpanUnit } from '#domain/plan-price.ts';
import { CANCEL_PLACE_PATH } from './legal-paths.ts';
import type { ChargeStep, ConfirmAct, OrderTerms, SubscriptionTerms } from './order-terms.ts';

/** A row; `link` is a path of the store (the page links it, the mail writes it out in full). */
export type TermRow = { key: string; label: string; text: string; link?: { path: string; label: string } };

/** "1週間ごと" / "every week"; 12 months reads as a year. */
export function cycleText(i18n: I18n, span: number, unit: RenewSpanUnit): string {
  if (isAnnualDisplay(span, unit)) return t(i18n)`1年ごと`;
  switch (unit) {
    case 'day':
      return t(i18n)`${plural(span, { other: '#日ごと' })}`;
    case 'week':
      return t(i18n)`${plural(span, { other: '#週間ごと' })}`;
    case 'month':
      return t(i18n)`${plural(span, { other: '#か月ごと' })}`;
    case 'year':
      return t(i18n)`${plural(span, { other: '#年ごと' })}`;
  }
}

function stepText(i18n: I18n, s: ChargeStep): string {
  const amount = formatYen(s.amount);
  const from = formatDay(s.from);
  const { first, last } = s;
  if (last === first) return t(i18n)`${first}回目（${from}）：${amount}`;
  if (last !== null) return t(i18n)`${first}〜${last}回目（${from}から）：各${amount}`;
  if (first === 1) return t(i18n)`初回（${from}）から毎回：${amount}`;
  return t(i18n)`${first}回目（${from}）以降：毎回${amount}`;
}

function nextChargeText(i18n: I18n, next: { day: string; amount: number }): string {
  const on = formatDay(next.day);
  const amount = formatYen(next.amount);
  return t(i18n)`${on}：${amount}`;
}

function subscriptionRows(i18n: I18n, terms: SubscriptionTerms): TermRow[] {
  const lines: string[] = [];
  if (terms.free) {
    const { days } = terms.free;
    const until = formatDay(terms.free.until);
    lines.push(t(i18n)`${until}まで：無料（無料期間${days}日間）`);
  }
  for (const s of terms.charges) lines.push(stepText(i18n, s));
  const cycle = cycleText(i18n, terms.cycle.span, terms.cycle.unit);
  const rows: TermRow[] = [
    { key: 'charges', label: t(i18n)`お支払い金額と時期（税込）`, text: lines.join('\n') },
    { key: 'today', label: t(i18n)`本日のお支払い`, text: formatYen(terms.chargeToday) },
    { key: 'cycle', label: t(i18n)`更新周期`, text: t(i18n)`${cycle}に自動更新` },
    {
      key: 'period',
      label: t(i18n)`契約期間`,
      text: terms.contractEnds
        ? t(i18n)`${formatDay(terms.contractEnds)}まで（以降は更新されません）`
        : t(i18n)`期間の定めはなく、解約のお手続きをされるまで自動で更新されます`,
    },
    {
      key: 'next',
      label: t(i18n)`次回のお支払い`,
      text: terms.nextCharge ? nextChargeText(i18n, terms.nextCharge) : t(i18n)`ありません`,
    },
  ];
  const cancelBy = terms.cancelBy ? formatDay(terms.cancelBy) : null;
  rows.push({
    key: 'cancel',
    label: t(i18n)`解約の方法と期限`,
    text: [
      t(i18n)`マイページの「プラン」からいつでも解約できます。`,
      cancelBy
        ? t(
            i18n,
          )`次回のお支払い日の前日（${cancelBy}）までに解約すると、以降の料金はかかりません。解約後も${cancelBy}までご覧いただけます。`
        : '',
      t(i18n)`お支払い済みの料金は、日割りを含め返金いたしません。`,
    ]
      .filter(Boolean)
      .join(''),
    link: { path: CANCEL_PLACE_PATH, label: t(i18n)`マイページで解約する` },
  });
  rows.push({ key: 'delivery', label: t(i18n)`視聴開始`, text: t(i18n)`お申し込みの完了後、すぐにご覧いただけます` });
  return rows;
}

/** The rows of the final confirmation's legally required items (decision 0045). */
export function orderTermRows(i18n: I18n, terms: OrderTerms): TermRow[] {
  const rows =
    terms.kind === 'subscription'
      ? subscriptionRows(i18n, terms)
      : [
          {
            key: 'charges',
            label: t(i18n)`お支払い金額と時期（税込）`,
            text: t(i18n)`${formatYen(terms.amount)}（ご注文の確定時に1回のみ）`,
          },
          { key: 'delivery', label: t(i18n)`視聴開始`, text: t(i18n)`ご注文の完了後、すぐにご覧いただけます` },
          {
            key: 'viewing',
            label: t(i18n)`視聴期間`,
            text: terms.viewing
              ? terms.viewing.until
                ? t(i18n)`ご注文の完了から${terms.viewing.days}日間（${formatJstDateTime(terms.viewing.until, { seconds: false })}まで）`
                : t(i18n)`ご注文の完了から${terms.viewing.days}日間`
              : t(i18n)`期限なし（いつでもご覧いただけます）`,
          },
          {
            key: 'returns',
            label: t(i18n)`キャンセル・返品`,
            text: t(i18n)`デジタルコンテンツのため、ご注文の確定後のキャンセル・返品はお受けできません`,
          },
        ];
  if (terms.offerEnds)
    rows.push({
      key: 'offer',
      label: t(i18n)`お申し込み期間`,
      text: t(i18n)`${formatJstDateTime(terms.offerEnds, { seconds: false })}まで`,
    });
  return rows;
}

/** The confirmation button: names the act (特定申込み), a subscription or an order. */
export function confirmButtonText(i18n: I18n, act: ConfirmAct): string {
  return act === 'subscribe' ? t(i18n)`申し込みを確定する` : t(i18n)`注文を確定する`;
}
