// The order confirmation (issue 20.5, decision 0045): sent once per completed first purchase,
// rental or new subscription, with the same legal items as the final confirmation (the rows of
// domain/commerce/order-terms-text.ts, already in the member's language).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { StoreSettings } from '#config-schema/store-settings.ts';
import type { Language } from '#domain/language.ts';
import type { MailBlock } from './layout.ts';

export type OrderMailVars = {
  orderConfirmation: {
    subscription: boolean;
    planName: string;
    orderId: string;
    orderedAt: Date;
    paymentMethod: string;
    /** The final confirmation's legal rows (label, text). */
    terms: ReadonlyArray<readonly [string, string]>;
    /** Where to cancel (subscriptions), with its label; null: none. */
    cancel: { label: string; url: string } | null;
    legalUrl: string;
    myPageUrl: string;
  };
};

type Ctx = { lang: Language; store: StoreSettings; vars: OrderMailVars['orderConfirmation'] };
type Tr = (d: MessageDescriptor) => string;

const formatAt = (at: Date, lang: Language) =>
  `${new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Tokyo' })
    .format(at)
    .replace(' at ', ', ')} (JST)`;

export const orderMailContents = {
  orderConfirmation({ lang, store, vars }: Ctx, tr: Tr): { title: MessageDescriptor; blocks: MailBlock[] } {
    const { serviceName } = store;
    return {
      title: vars.subscription ? msg`お申し込みを受け付けました` : msg`ご注文を受け付けました`,
      blocks: [
        {
          kind: 'paragraph',
          text: vars.subscription
            ? tr(msg`${serviceName}をご利用いただきありがとうございます。次の内容でお申し込みを承りました。`)
            : tr(msg`${serviceName}をご利用いただきありがとうございます。次の内容でご注文を承りました。`),
        },
        {
          kind: 'facts',
          rows: [
            [tr(msg`ご注文番号`), vars.orderId],
            [tr(msg`ご注文日時`), formatAt(vars.orderedAt, lang)],
            [tr(msg({ message: 'プラン', context: 'the one plan of an order' })), vars.planName],
            [tr(msg({ message: '支払い方法', context: 'the method of one payment' })), vars.paymentMethod],
            ...vars.terms,
          ],
        },
        ...(vars.cancel ? [{ kind: 'link' as const, label: vars.cancel.label, url: vars.cancel.url }] : []),
        { kind: 'link', label: tr(msg`マイページを開く`), url: vars.myPageUrl },
        { kind: 'link', label: tr(msg`特定商取引法に基づく表記`), url: vars.legalUrl },
      ],
    };
  },
};
