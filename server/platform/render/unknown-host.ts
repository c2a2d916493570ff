import { t } from '@lingui/core/macro';
import { errorTexts } from '#domain/error-texts.ts';
import type { Language } from '#domain/language.ts';
import { i18nFor } from '#server/platform/i18n/i18n.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The error page for a request that has no store: 404 for a host that reaches no store, 500
 * when the server failed before it knew the store (e.g. the database is down). It is neutral on
 * purpose: no store name, logo, colour or link, so it reveals nothing about which stores this
 * deployment serves. Its words are those of the store error pages (domain/error-texts.ts).
 * `preview`: the answer to a preview address whose token is unknown or expired (decision 0050),
 * which names no store either.
 */
export function neutralErrorPage(status: 404 | 500, lang: Language, requestId: string, kind: 'page' | 'preview' = 'page'): string {
  const i18n = i18nFor(lang);
  const words =
    kind === 'preview'
      ? {
          type: errorTexts(i18n, '404').type,
          header: t(i18n)`プレビューが見つかりません`,
          text: t(i18n)`このプレビューのアドレスは有効期限が切れたか、正しくありません。新しいアドレスをストアの管理者にお尋ねください。`,
        }
      : errorTexts(i18n, status === 404 ? '404' : '500');
  const code = kind === 'preview' ? 'NOT_FOUND' : status === 404 ? 'STORE_NOT_FOUND' : 'INTERNAL_ERROR';
  const label = t(i18n)`エラーコード`;
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${status} ${escapeHtml(words.header)}</title></head>
<body style="font-family:system-ui,sans-serif;margin:0;padding:15vh 24px;text-align:center;color:#222;background:#fff">
<main><p style="font-size:48px;font-weight:700;margin:0">${status}</p><p style="color:#555;margin:8px 0 0">${escapeHtml(words.type)}</p><h1 style="font-size:20px">${escapeHtml(words.header)}</h1><p>${escapeHtml(words.text)}</p><p style="color:#666;font-size:12px">${escapeHtml(label)}: ${code} / ${escapeHtml(requestId)}</p></main>
</body>
</html>`;
}
