// The providers' own pages (plain HTML, Japanese or English): the consent page where the tester
// picks a test user, an error page, and the auto-submitted form of response_mode=form_post.

import type { Lang } from '../sandbox-common/language.ts';
import type { ProviderProfile } from './providers.ts';
import type { TestUser } from './users.ts';

const TEXT = {
  ja: {
    title: (p: string) => `${p} でログイン（テスト用）`,
    note: 'これはテスト用の認証サービスです。実際のアカウントは使われません。',
    lead: (client: string) => `アプリ「${client}」があなたの情報へのアクセスを求めています。ログインするテストユーザーを選んでください。`,
    scopes: '求められている情報',
    user: 'テストユーザー',
    noEmail: 'メールアドレスなし',
    allow: '許可する',
    cancel: 'キャンセル',
    error: 'リクエストが正しくありません',
    continue: '続ける',
  },
  en: {
    title: (p: string) => `Log in with ${p} (test)`,
    note: 'This is a test identity service. No real account is used.',
    lead: (client: string) => `The app "${client}" asks for access to your information. Choose the test user to log in as.`,
    scopes: 'Requested information',
    user: 'Test user',
    noEmail: 'no e-mail address',
    allow: 'Allow',
    cancel: 'Cancel',
    error: 'The request is not valid',
    continue: 'Continue',
  },
} as const;

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1a1a1a}
main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px}
@media (max-width:600px){main{margin:0;border-radius:0}}
.note{background:#fff6d6;padding:.5rem .75rem;border-radius:4px;font-size:.875rem}
fieldset{border:1px solid #ccd;border-radius:6px;margin:1rem 0}
label{display:block;padding:.5rem 0}
.actions{display:flex;gap:.75rem;flex-wrap:wrap}
button{font-size:1rem;padding:.75rem 1.5rem;border-radius:6px;border:1px solid #333;background:#fff;color:#1a1a1a;cursor:pointer}
button.primary{background:#0b57d0;color:#fff;border-color:#0b57d0}`;

function layout(lang: Lang, title: string, body: string, nonce: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style nonce="${nonce}">${STYLE}</style></head><body><main><h1>${esc(title)}</h1>${body}</main></body></html>`;
}

export function consentPage(o: {
  lang: Lang;
  nonce: string;
  profile: ProviderProfile;
  ref: string;
  clientId: string;
  scopes: string[];
  users: TestUser[];
}): string {
  const t = TEXT[o.lang];
  const users = o.users
    .map(
      (u, i) =>
        `<label><input type="radio" name="user" value="${esc(u.key)}"${i === 0 ? ' checked' : ''}> ${esc(u.name)} — ${esc(u.email ?? t.noEmail)} <small>(${esc(u.key)}: ${esc(u.note[o.lang])})</small></label>`,
    )
    .join('');
  const body = `<p class="note">${esc(t.note)}</p><p>${esc(t.lead(o.clientId))}</p>
<p>${esc(t.scopes)}: <code>${esc(o.scopes.join(' '))}</code></p>
<form method="post" action="/sandbox/consent"><input type="hidden" name="ref" value="${esc(o.ref)}"><input type="hidden" name="lang" value="${o.lang}">
<fieldset><legend>${esc(t.user)}</legend>${users}</fieldset>
<div class="actions"><button class="primary" type="submit" name="decision" value="allow">${esc(t.allow)}</button><button type="submit" name="decision" value="cancel">${esc(t.cancel)}</button></div></form>`;
  return layout(o.lang, t.title(o.profile.displayName[o.lang]), body, o.nonce);
}

export function errorPage(lang: Lang, nonce: string, detail: string): string {
  return layout(lang, TEXT[lang].error, `<p>${esc(detail)}</p>`, nonce);
}

/** response_mode=form_post: the answer goes to the relying party as a form the page submits at once. */
export function formPostPage(lang: Lang, nonce: string, action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  const body = `<form id="f" method="post" action="${esc(action)}">${inputs}<button class="primary" type="submit">${esc(TEXT[lang].continue)}</button></form><script nonce="${nonce}">document.getElementById('f').submit()</script>`;
  return layout(lang, TEXT[lang].continue, body, nonce);
}
