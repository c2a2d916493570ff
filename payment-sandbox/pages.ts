// The provider's own pages (plain HTML, no external assets, Japanese or English): the redirect
// landing of carrier billing and PayPal and the 3-D Secure challenge (the signed result goes back
// to the store by a redirect, app.ts).

import type { Lang } from '../sandbox-common/language.ts';

const TEXT = {
  ja: {
    provider: 'サンドボックス決済',
    sandboxNote: 'これはテスト用の決済サービスです。実際の請求は行われません。',
    registerTitle: (m: string) => `${m} の支払い方法の登録`,
    chargeTitle: (m: string) => `${m} でのお支払い`,
    amount: 'お支払い金額',
    yen: (n: number) => `${n.toLocaleString('ja-JP')}円`,
    approve: '承認する',
    cancel: 'キャンセル',
    fail: '失敗させる',
    challengeTitle: '3Dセキュア認証',
    challengeLead: 'カード会社に登録されたワンタイムパスワードを入力してください（テスト用: 1234）。',
    otp: 'ワンタイムパスワード',
    submit: '認証する',
    wrongOtp: 'ワンタイムパスワードが正しくありません。',
    closed: 'この手続きはすでに完了しているか、有効期限が切れています。ストアに戻ってやり直してください。',
    notFound: '手続きが見つかりません。',
  },
  en: {
    provider: 'Sandbox Pay',
    sandboxNote: 'This is a test payment service. Nobody is charged.',
    registerTitle: (m: string) => `Register ${m} as a payment method`,
    chargeTitle: (m: string) => `Pay with ${m}`,
    amount: 'Amount',
    yen: (n: number) => `¥${n.toLocaleString('en-US')}`,
    approve: 'Approve',
    cancel: 'Cancel',
    fail: 'Fail',
    challengeTitle: '3-D Secure authentication',
    challengeLead: 'Enter the one-time password registered with your card issuer (test: 1234).',
    otp: 'One-time password',
    submit: 'Authenticate',
    wrongOtp: 'The one-time password is not correct.',
    closed: 'This step is already finished or has expired. Go back to the store and try again.',
    notFound: 'This step was not found.',
  },
} as const;

export const textOf = (lang: Lang) => TEXT[lang];

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function layout(lang: Lang, title: string, body: string, nonce: string): string {
  const t = TEXT[lang];
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} | ${esc(t.provider)}</title>
<style nonce="${nonce}">
body{font-family:system-ui,sans-serif;margin:0;background:#f3f4f6;color:#111827}
main{max-width:28rem;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:1.25rem;margin:0 0 1rem}
.note{font-size:.875rem;color:#4b5563}
.error{color:#b91c1c;font-weight:bold}
.buttons{display:flex;gap:.5rem;flex-wrap:wrap;margin-top:1rem}
button{font-size:1rem;padding:.6rem 1rem;border-radius:6px;border:1px solid #374151;background:#fff;color:#111827;cursor:pointer}
button.primary{background:#1d4ed8;border-color:#1d4ed8;color:#fff}
label{display:block;margin-top:1rem;font-weight:bold}
input{font-size:1rem;padding:.5rem;margin-top:.25rem;width:10rem}
</style>
</head>
<body>
<header><p class="note">${esc(t.provider)}</p></header>
<main>
<h1>${esc(title)}</h1>
${body}
<p class="note">${esc(t.sandboxNote)}</p>
</main>
</body>
</html>`;
}

export function redirectPage(opts: {
  lang: Lang;
  nonce: string;
  ref: string;
  methodName: string;
  purpose: 'register' | 'charge';
  amount?: number;
}): string {
  const t = TEXT[opts.lang];
  const title = opts.purpose === 'register' ? t.registerTitle(opts.methodName) : t.chargeTitle(opts.methodName);
  const amount = opts.amount !== undefined ? `<p>${esc(t.amount)}: <strong>${esc(t.yen(opts.amount))}</strong></p>` : '';
  return layout(
    opts.lang,
    title,
    `${amount}
<form method="post" action="/v1/redirect/decide">
<input type="hidden" name="ref" value="${esc(opts.ref)}">
<input type="hidden" name="lang" value="${opts.lang}">
<div class="buttons">
<button class="primary" type="submit" name="decision" value="approve">${esc(t.approve)}</button>
<button type="submit" name="decision" value="cancel">${esc(t.cancel)}</button>
<button type="submit" name="decision" value="fail">${esc(t.fail)}</button>
</div>
</form>`,
    opts.nonce,
  );
}

export function challengePage(opts: { lang: Lang; nonce: string; ref: string; amount: number; wrongOtp: boolean }): string {
  const t = TEXT[opts.lang];
  const error = opts.wrongOtp ? `<p class="error" role="alert" id="otp-error">${esc(t.wrongOtp)}</p>` : '';
  return layout(
    opts.lang,
    t.challengeTitle,
    `<p>${esc(t.challengeLead)}</p>
<p>${esc(t.amount)}: <strong>${esc(t.yen(opts.amount))}</strong></p>
${error}
<form method="post" action="/v1/challenge/submit">
<input type="hidden" name="ref" value="${esc(opts.ref)}">
<input type="hidden" name="lang" value="${opts.lang}">
<label for="otp">${esc(t.otp)}</label>
<input id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code"${opts.wrongOtp ? ' aria-describedby="otp-error" aria-invalid="true"' : ''}>
<div class="buttons">
<button class="primary" type="submit" name="action" value="submit">${esc(t.submit)}</button>
<button type="submit" name="action" value="cancel">${esc(t.cancel)}</button>
<button type="submit" name="action" value="fail">${esc(t.fail)}</button>
</div>
</form>`,
    opts.nonce,
  );
}

export function messagePage(opts: { lang: Lang; nonce: string; message: 'closed' | 'notFound' }): string {
  const t = TEXT[opts.lang];
  return layout(opts.lang, t.provider, `<p>${esc(t[opts.message])}</p>`, opts.nonce);
}
