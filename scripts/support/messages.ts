import type { IssueLanguage } from '#config-schema/parse.ts';

/** The support command's lines in the staff member's language (the locale, as the store tool reads it: decision 0047). */
export type SupportTexts = {
  refused(code: string, detail: string | undefined, storeId: string): string;
  member: string[];
  sections: { account: string; subscriptions: string; orders: string; payments: string; logins: string; mails: string };
  none: string;
  subscriptionHeaders: string[];
  orderHeaders: string[];
  paymentHeaders: string[];
  loginHeaders: string[];
  mailHeaders: string[];
  loginResult(ok: boolean): string;
  codeQueued(purpose: string): string;
  receiptQueued(kind: string, paymentId: string): string;
  cancelled(contract: string): string;
  undone(contract: string): string;
  refunded(r: { refundId: string; paymentId: string; amountYen: number; remainingYen: number }): string;
  wrote(file: string, sales: number, refunds: number, totalYen: number): string;
  cannotWrite(file: string, reason: string): string;
};

const yen = (n: number) => `¥${n.toLocaleString('en-US')}`;

const en: SupportTexts = {
  refused: (code, detail, storeId) => {
    switch (code) {
      case 'STORE_NOT_FOUND':
        return `error: no store with id "${storeId}" (npm run store -- list shows them)`;
      case 'MEMBER_NOT_FOUND':
        return `not found: no member of ${storeId} matches "${detail ?? ''}"`;
      case 'NOTHING_TO_RESEND':
        return 'refused: there is nothing to resend (no code or no payment yet)';
      case 'PAYMENT_NOT_FOUND':
        return `not found: the member has no payment or order "${detail ?? ''}"`;
      case 'REFUND_UNAVAILABLE':
        return 'refused: refunds are not available on this installation yet';
      case 'SUBSCRIPTION_NOT_FOUND':
        return "not found: no such subscription among the member's running ones";
      default:
        return `refused (${code}): the member's rules do not allow it; nothing changed`;
    }
  },
  member: ['public ID', 'e-mail', 'user ID', 'account id', 'language', 'joined'],
  sections: {
    account: 'Account',
    subscriptions: 'Subscriptions',
    orders: 'Orders',
    payments: 'Payments',
    logins: 'Last logins',
    mails: 'Mails sent',
  },
  none: '  (none)',
  subscriptionHeaders: ['CONTRACT', 'PLAN', 'STATUS', 'PRICE', 'NEXT BILLING', 'USABLE UNTIL', 'STARTED'],
  orderHeaders: ['ORDER', 'PLAN', 'TYPE', 'STATUS', 'AMOUNT', 'CREATED'],
  paymentHeaders: ['PAYMENT', 'ORDER', 'PLAN', 'AMOUNT', 'METHOD', 'PAID AT'],
  loginHeaders: ['AT', 'RESULT', 'HOW', 'DEVICE', 'BROWSER', 'COUNTRY', 'IP'],
  mailHeaders: ['KIND', 'SUBJECT', 'QUEUED', 'SENT'],
  loginResult: (ok) => (ok ? 'ok' : 'failed'),
  codeQueued: (purpose) => `queued: a new ${purpose} code to the member's address (the server's mail worker sends it)`,
  receiptQueued: (kind, paymentId) =>
    `queued: the ${kind === 'receipt' ? 'receipt' : 'order confirmation'} of payment ${paymentId} again (the server's mail worker sends it)`,
  cancelled: (contract) => `cancel requested: subscription ${contract} (the member is mailed)`,
  undone: (contract) => `cancel undone: subscription ${contract} (the member is mailed)`,
  refunded: (r) => `refunded ${yen(r.amountYen)} of payment ${r.paymentId} (${yen(r.remainingYen)} left): refund ${r.refundId}`,
  wrote: (file, sales, refunds, totalYen) => `wrote ${file}: ${sales} sales, ${refunds} refunds, total ${yen(totalYen)}`,
  cannotWrite: (file, reason) => `error: cannot write ${file}: ${reason}`,
};

const ja: SupportTexts = {
  refused: (code, detail, storeId) => {
    switch (code) {
      case 'STORE_NOT_FOUND':
        return `エラー: ストア ID「${storeId}」はありません（npm run store -- list で一覧できます）`;
      case 'MEMBER_NOT_FOUND':
        return `見つかりません: ストア ${storeId} に「${detail ?? ''}」に当たる会員はいません`;
      case 'NOTHING_TO_RESEND':
        return '拒否: 再送するものがありません（コードも支払いもまだありません）';
      case 'PAYMENT_NOT_FOUND':
        return `見つかりません: この会員に支払いまたは注文「${detail ?? ''}」はありません`;
      case 'REFUND_UNAVAILABLE':
        return '拒否: この環境ではまだ返金できません';
      case 'SUBSCRIPTION_NOT_FOUND':
        return '見つかりません: 会員の継続中の契約にその契約はありません';
      default:
        return `拒否（${code}）: 会員の規則ではできません。何も変更していません`;
    }
  },
  member: ['公開 ID', 'メールアドレス', 'ユーザー ID', 'アカウント ID', '言語', '登録日時'],
  sections: {
    account: 'アカウント',
    subscriptions: '契約',
    orders: '注文',
    payments: '支払い',
    logins: '最近のログイン',
    mails: '送信したメール',
  },
  none: '  （なし）',
  subscriptionHeaders: ['契約', 'プラン', '状態', '料金', '次回請求日', '利用期限', '開始日時'],
  orderHeaders: ['注文', 'プラン', '種類', '状態', '金額', '作成日時'],
  paymentHeaders: ['支払い', '注文', 'プラン', '金額', '支払い方法', '支払日時'],
  loginHeaders: ['日時', '結果', '方法', '端末', 'ブラウザー', '国', 'IP'],
  mailHeaders: ['種類', '件名', '登録日時', '送信日時'],
  loginResult: (ok) => (ok ? '成功' : '失敗'),
  codeQueued: (purpose) => `送信待ち: 会員のアドレスに新しいコード（${purpose}）を送ります（サーバーのメール処理が送信します）`,
  receiptQueued: (kind, paymentId) =>
    `送信待ち: 支払い ${paymentId} の${kind === 'receipt' ? '領収メール' : '注文確認メール'}を再送します（サーバーのメール処理が送信します）`,
  cancelled: (contract) => `解約を申し込みました: 契約 ${contract}（会員にメールします）`,
  undone: (contract) => `解約の申し込みを取り消しました: 契約 ${contract}（会員にメールします）`,
  refunded: (r) => `支払い ${r.paymentId} から ${yen(r.amountYen)} を返金しました（残り ${yen(r.remainingYen)}）: 返金 ${r.refundId}`,
  wrote: (file, sales, refunds, totalYen) => `${file} に書き出しました: 売上 ${sales} 件、返金 ${refunds} 件、合計 ${yen(totalYen)}`,
  cannotWrite: (file, reason) => `エラー: ${file} に書き込めません: ${reason}`,
};

export function supportTexts(lang: IssueLanguage): SupportTexts {
  return lang === 'ja' ? ja : en;
}
