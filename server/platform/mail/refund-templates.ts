// The refund mail (decision 0052): sent after a refund of a payment was made through the gateway,
// in the member's language and the store's brand, like every other mail (templates.ts).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { StoreSettings } from '#config-schema/store-settings.ts';
import { formatDay } from '#domain/jst-date-time.ts';
import type { Language } from '#domain/language.ts';
import type { MailBlock } from './layout.ts';

export type RefundMailVars = {
  /** A refund of one payment, whole or in part. */
  refundCompleted: {
    planName: string;
    /** Yen refunded now, tax included, and the tax in it. */
    amount: number;
    taxAmount: number;
    taxRate: number;
    /** The payment refunded: its day and amount. */
    paidOn: string;
    paidAmount: number;
    refundedOn: string;
    paymentMethod: string;
    /** What is left of the payment after this refund (0: refunded in full). */
    remaining: number;
    historyUrl: string;
  };
};

type Content = { title: MessageDescriptor; blocks: MailBlock[] };
type Tr = (d: MessageDescriptor) => string;
type Ctx<K extends keyof RefundMailVars> = { lang: Language; store: StoreSettings; origin: string; vars: RefundMailVars[K] };

const yen = (n: number, lang: Language) => (lang === 'ja' ? `${n.toLocaleString('ja-JP')}円` : `¥${n.toLocaleString('en-US')}`);

export const refundMailContents: { [K in keyof RefundMailVars]: (ctx: Ctx<K>, tr: Tr) => Content } = {
  refundCompleted({ lang, store, vars }, tr) {
    const { serviceName } = store;
    const tax = yen(vars.taxAmount, lang);
    const rate = vars.taxRate;
    return {
      title: msg`ご返金のお知らせ`,
      blocks: [
        {
          kind: 'paragraph',
          text: tr(msg`${serviceName}をご利用いただきありがとうございます。次のお支払いについて、ご返金の手続きをいたしました。`),
        },
        {
          kind: 'facts',
          rows: [
            [tr(msg`ご契約プラン`), vars.planName],
            [tr(msg`返金額`), `${yen(vars.amount, lang)} ${tr(msg`（うち消費税${rate}% ${tax}）`)}`],
            [tr(msg`返金日`), formatDay(vars.refundedOn)],
            [tr(msg`元のお支払い`), `${formatDay(vars.paidOn)} ${yen(vars.paidAmount, lang)}`],
            [tr(msg`決済方法`), vars.paymentMethod],
            ...(vars.remaining > 0 ? [[tr(msg`返金後のお支払い金額`), yen(vars.remaining, lang)] as const] : []),
          ],
        },
        {
          kind: 'notice',
          text: tr(msg`ご返金は、お支払いに使われた決済方法に戻ります。明細への反映の時期は決済会社によって異なります。`),
        },
        { kind: 'link', label: tr(msg`お支払い履歴と領収書を見る`), url: vars.historyUrl },
      ],
    };
  },
};
