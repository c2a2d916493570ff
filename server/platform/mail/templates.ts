// The mails the product sends, in the member's language and the store's brand.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { StoreSettings } from '#config-schema/store-settings.ts';
import type { Language } from '#domain/language.ts';
import { pickText } from '#domain/localized-text.ts';
import { translate } from '#server/platform/i18n/i18n.ts';
import type { AuthCodePurpose } from '#server/platform/verification/purposes.ts';
import { type BillingMailVars, billingContents } from './billing-templates.ts';
import { type MailBlock, type RenderedMail, renderFrame } from './layout.ts';
import { type OrderMailVars, orderMailContents } from './order-templates.ts';
import { type RefundMailVars, refundMailContents } from './refund-templates.ts';
import { type SubscriptionMailVars, subscriptionMailContents } from './subscription-templates.ts';

export type MailVars = {
  /** `displayName` overrides the purpose's name from the settings (default 認証コード). */
  authCode: { code: string; purpose: AuthCodePurpose; validityMinutes: number; displayName?: string };
  passwordReset: { resetUrl: string; validityMinutes: number };
  /** `country` is an ISO 3166-1 alpha-2 code or null. */
  loginAlert: { at: Date; deviceName: string; browser: string; country: string | null; ip: string };
  welcome: { loginUrl: string };
  /** To the old address after an e-mail change; `newEmail` is masked (a***@example.jp). */
  emailChanged: { at: Date; newEmail: string };
} & BillingMailVars &
  SubscriptionMailVars &
  OrderMailVars &
  RefundMailVars;
export type MailKind = keyof MailVars;

export type MailContext<K extends MailKind> = { lang: Language; store: StoreSettings; origin: string; vars: MailVars[K] };

type Content = { title: MessageDescriptor; blocks: MailBlock[] };
type Tr = (d: MessageDescriptor) => string;

/** The purpose's name from the store settings, else the product default. */
export function authCodeDisplayName(store: StoreSettings, purpose: AuthCodePurpose, lang: Language): string {
  return pickText(store.authCode.purposes[purpose]?.displayName, lang) ?? translate(lang, msg`認証コード`);
}

/** "2026年5月1日 12:34 (JST)" / "May 1, 2026, 12:34 PM (JST)". */
export function formatJst(at: Date, lang: Language): string {
  const f = new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Tokyo' });
  return `${f.format(at).replace(' at ', ', ')} (JST)`;
}

function countryName(code: string | null, lang: Language, tr: Tr): string {
  if (!code) return tr(msg`不明`);
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([lang], { type: 'region' }).of(code);
  } catch {
    name = undefined;
  }
  return name && name !== code ? `${name} (${code})` : code;
}

function authCodeLead(purpose: AuthCodePurpose, serviceName: string, displayName: string): MessageDescriptor {
  switch (purpose) {
    case 'signUp':
      return msg`${serviceName}の会員登録を続けるには、次の${displayName}を入力してください。`;
    case 'login':
      return msg`${serviceName}にログインするには、次の${displayName}を入力してください。`;
    case 'mailEdit':
      return msg`メールアドレスの変更を完了するには、次の${displayName}を入力してください。`;
    case 'passwordSetting':
      return msg`パスワードの設定を完了するには、次の${displayName}を入力してください。`;
    case 'withdraw':
      return msg`退会の手続きを続けるには、次の${displayName}を入力してください。`;
  }
}

const contents: { [K in MailKind]: (ctx: MailContext<K>, tr: Tr) => Content } = {
  ...billingContents,
  ...subscriptionMailContents,
  ...orderMailContents,
  ...refundMailContents,
  authCode({ lang, store, vars }, tr) {
    const { serviceName } = store;
    const displayName = vars.displayName ?? authCodeDisplayName(store, vars.purpose, lang);
    const { validityMinutes } = vars;
    return {
      title: msg`${displayName}のお知らせ`,
      blocks: [
        { kind: 'paragraph', text: tr(authCodeLead(vars.purpose, serviceName, displayName)) },
        { kind: 'code', text: vars.code },
        { kind: 'paragraph', text: tr(msg`この${displayName}の有効期限は${validityMinutes}分です。`) },
        { kind: 'notice', text: tr(msg`${displayName}は他の人に教えないでください。当社からお尋ねすることはありません。`) },
        { kind: 'paragraph', text: tr(msg`このメールにお心当たりがない場合は、お手数ですが破棄してください。`) },
      ],
    };
  },
  passwordReset({ store, vars }, tr) {
    const { serviceName } = store;
    const { validityMinutes } = vars;
    return {
      title: msg`パスワード再設定のご案内`,
      blocks: [
        {
          kind: 'paragraph',
          text: tr(msg`${serviceName}のパスワード再設定を受け付けました。次のリンクから新しいパスワードを設定してください。`),
        },
        { kind: 'link', label: tr(msg`パスワードを再設定する`), url: vars.resetUrl },
        {
          kind: 'paragraph',
          text: tr(msg`このリンクの有効期限は${validityMinutes}分です。期限が切れた場合は、もう一度お手続きください。`),
        },
        { kind: 'paragraph', text: tr(msg`お心当たりがない場合は、このメールを破棄してください。パスワードは変更されません。`) },
      ],
    };
  },
  loginAlert({ lang, store, vars }, tr) {
    const { serviceName } = store;
    return {
      title: msg`新しい端末からのログインがありました`,
      blocks: [
        { kind: 'paragraph', text: tr(msg`${serviceName}のアカウントに、これまでに使われたことのない端末からログインがありました。`) },
        {
          kind: 'facts',
          rows: [
            [tr(msg`日時`), formatJst(vars.at, lang)],
            [tr(msg`端末`), vars.deviceName],
            [tr(msg`ブラウザ`), vars.browser],
            [tr(msg`国・地域`), countryName(vars.country, lang, tr)],
            [tr(msg`IPアドレス`), vars.ip],
          ],
        },
        {
          kind: 'notice',
          text: tr(msg`このログインにお心当たりがない場合は、第三者にログインされた可能性があります。すぐにパスワードを変更してください。`),
        },
        { kind: 'paragraph', text: tr(msg`ご本人によるログインの場合は、対応は不要です。`) },
      ],
    };
  },
  welcome({ store, vars }, tr) {
    const { serviceName } = store;
    return {
      title: msg`会員登録が完了しました`,
      blocks: [
        { kind: 'paragraph', text: tr(msg`${serviceName}にご登録いただき、ありがとうございます。会員登録が完了しました。`) },
        { kind: 'link', label: tr(msg`ログインする`), url: vars.loginUrl },
      ],
    };
  },
  emailChanged({ lang, store, vars }, tr) {
    const { serviceName } = store;
    return {
      title: msg`メールアドレスが変更されました`,
      blocks: [
        {
          kind: 'paragraph',
          text: tr(msg`${serviceName}のアカウントのメールアドレスが変更されました。今後のお知らせは新しいメールアドレスに届きます。`),
        },
        {
          kind: 'facts',
          rows: [
            [tr(msg`日時`), formatJst(vars.at, lang)],
            [tr(msg`新しいメールアドレス`), vars.newEmail],
          ],
        },
        {
          kind: 'notice',
          text: tr(msg`この変更にお心当たりがない場合は、第三者にアカウントを使われた可能性があります。すぐにお問い合わせください。`),
        },
      ],
    };
  },
};

export function renderMail<K extends MailKind>(kind: K, ctx: MailContext<K>): RenderedMail {
  const tr: Tr = (d) => translate(ctx.lang, d);
  const content = (contents[kind] as (c: MailContext<K>, t: Tr) => Content)(ctx, tr);
  const serviceName = ctx.store.serviceName;
  const title = tr(content.title);
  return renderFrame({
    lang: ctx.lang,
    store: ctx.store,
    origin: ctx.origin,
    subject: tr(msg`【${serviceName}】${title}`),
    blocks: content.blocks,
    footerNotes: [tr(msg`このメールは送信専用のアドレスから送信しています。ご返信いただいてもお答えできません。`)],
  });
}
