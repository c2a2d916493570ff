// The confirmation mails of a subscription's cancellation and of its undo (issue 10, decision
// 0020), in the member's language and the store's brand. templates.ts lists them with the others.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { StoreSettings } from '#config-schema/store-settings.ts';
import type { Language } from '#domain/language.ts';
import type { MailBlock } from './layout.ts';

export type SubscriptionMailVars = {
  /** `usableUntil`: the last day of use, 'YYYY-MM-DD' (JST). */
  subscriptionCancelled: { planName: string; usableUntil: string; at: Date; detailUrl: string };
  /** `nextSettlementDay`: the day the next charge is due, 'YYYY-MM-DD' (JST). */
  subscriptionCancelUndone: { planName: string; nextSettlementDay: string; at: Date; detailUrl: string };
};

type Ctx<V> = { lang: Language; store: StoreSettings; vars: V };
type Tr = (d: MessageDescriptor) => string;
type Content = { title: MessageDescriptor; blocks: MailBlock[] };

/** '2026年12月9日' / 'December 9, 2026' for a JST calendar day. */
export function formatDay(day: string, lang: Language): string {
  const at = new Date(`${day}T00:00:00+09:00`);
  return new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en-US', { dateStyle: 'long', timeZone: 'Asia/Tokyo' }).format(at);
}

export const subscriptionMailContents = {
  subscriptionCancelled({ lang, store, vars }: Ctx<SubscriptionMailVars['subscriptionCancelled']>, tr: Tr): Content {
    const { serviceName } = store;
    const { planName } = vars;
    const until = formatDay(vars.usableUntil, lang);
    return {
      title: msg`プランの解約を受け付けました`,
      blocks: [
        { kind: 'paragraph', text: tr(msg`${serviceName}の「${planName}」の解約を受け付けました。`) },
        {
          kind: 'facts',
          rows: [
            [tr(msg({ message: 'プラン', context: 'the one plan of a contract' })), planName],
            [tr(msg`ご利用期限`), until],
          ],
        },
        {
          kind: 'paragraph',
          text: tr(msg`${until}まで引き続きご利用いただけます。次回以降の料金は請求されません。`),
        },
        {
          kind: 'paragraph',
          text: tr(msg`次回決済日の前日までは、マイページから解約を取り消してプランを継続できます。`),
        },
        { kind: 'link', label: tr(msg`ご契約内容を確認する`), url: vars.detailUrl },
      ],
    };
  },
  subscriptionCancelUndone({ lang, store, vars }: Ctx<SubscriptionMailVars['subscriptionCancelUndone']>, tr: Tr): Content {
    const { serviceName } = store;
    const { planName } = vars;
    return {
      title: msg`プランの解約を取り消しました`,
      blocks: [
        { kind: 'paragraph', text: tr(msg`${serviceName}の「${planName}」の解約を取り消しました。プランは引き続き更新されます。`) },
        {
          kind: 'facts',
          rows: [
            [tr(msg({ message: 'プラン', context: 'the one plan of a contract' })), planName],
            [tr(msg`次回決済日`), formatDay(vars.nextSettlementDay, lang)],
          ],
        },
        { kind: 'link', label: tr(msg`ご契約内容を確認する`), url: vars.detailUrl },
      ],
    };
  },
};
