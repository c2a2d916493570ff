// The billing engine's mails (decision 0019): a receipt after each charge, a notice after a
// failed one. Same frame, language and brand as every other mail (templates.ts).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { StoreSettings } from '#config-schema/store-settings.ts';
import { formatDay } from '#domain/jst-date-time.ts';
import type { Language } from '#domain/language.ts';
import type { MailBlock } from './layout.ts';

export type BillingMailVars = {
  /** After a successful charge: what was paid, for which plan, when the next one is. */
  billingReceipt: {
    planName: string;
    amount: number;
    taxAmount: number;
    taxRate: number;
    paidOn: string;
    nextSettlementDay: string | null;
    paymentMethod: string;
    historyUrl: string;
  };
  /** After a declined charge: on hold until `retryUntil`, or ended. */
  billingFailed: { planName: string; amount: number; ended: boolean; retryUntil: string | null; plansUrl: string };
};

type Content = { title: MessageDescriptor; blocks: MailBlock[] };
type Tr = (d: MessageDescriptor) => string;
type Ctx<K extends keyof BillingMailVars> = { lang: Language; store: StoreSettings; origin: string; vars: BillingMailVars[K] };

const yen = (n: number, lang: Language) => (lang === 'ja' ? `${n.toLocaleString('ja-JP')}円` : `¥${n.toLocaleString('en-US')}`);

export const billingContents: { [K in keyof BillingMailVars]: (ctx: Ctx<K>, tr: Tr) => Content } = {
  billingReceipt({ lang, store, vars }, tr) {
    const { serviceName } = store;
    const tax = yen(vars.taxAmount, lang);
    const rate = vars.taxRate;
    return {
      title: msg`ご利用料金のお支払いが完了しました`,
      blocks: [
        { kind: 'paragraph', text: tr(msg`${serviceName}をご利用いただきありがとうございます。次のとおりお支払いを承りました。`) },
        {
          kind: 'facts',
          rows: [
            [tr(msg`ご契約プラン`), vars.planName],
            [tr(msg`お支払い金額`), `${yen(vars.amount, lang)} ${tr(msg`（うち消費税${rate}% ${tax}）`)}`],
            [tr(msg`お支払い日`), formatDay(vars.paidOn)],
            [tr(msg`決済方法`), vars.paymentMethod],
            ...(vars.nextSettlementDay ? [[tr(msg`次回決済日`), formatDay(vars.nextSettlementDay)] as const] : []),
          ],
        },
        { kind: 'link', label: tr(msg`お支払い履歴と領収書を見る`), url: vars.historyUrl },
      ],
    };
  },
  billingFailed({ lang, vars }, tr) {
    const until = vars.retryUntil ? formatDay(vars.retryUntil) : '';
    return {
      title: vars.ended ? msg`お支払いができなかったため契約を終了しました` : msg`ご利用料金のお支払いができませんでした`,
      blocks: [
        {
          kind: 'paragraph',
          text: vars.ended
            ? tr(msg`お支払いを何度かお試ししましたが完了できなかったため、次のプランの契約を終了しました。`)
            : tr(msg`次のプランの更新料金をお支払いいただけませんでした。契約は更新保留中です。`),
        },
        {
          kind: 'facts',
          rows: [
            [tr(msg`ご契約プラン`), vars.planName],
            [tr(msg`お支払い金額`), yen(vars.amount, lang)],
          ],
        },
        ...(vars.ended
          ? []
          : [
              {
                kind: 'notice' as const,
                text: tr(msg`${until}までにお支払い方法をご確認のうえ、マイページから再決済してください。期限を過ぎると契約は終了します。`),
              },
            ]),
        { kind: 'link', label: tr(msg`マイページでプランを確認する`), url: vars.plansUrl },
      ],
    };
  },
};
