// The branded frame of every mail: the same content as plain text and as table-based HTML with
// inline styles (what mail clients render reliably). Every value is escaped here.
import type { StoreSettings } from '#config-schema/store-settings.ts';
import type { Language } from '#domain/language.ts';
import { absoluteImageUrl, escapeHtml, httpUrl, singleLine } from './html.ts';

export type MailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'link'; label: string; url: string }
  | { kind: 'facts'; rows: readonly (readonly [label: string, value: string])[] }
  | { kind: 'notice'; text: string };

export type RenderedMail = { subject: string; text: string; html: string };

export type MailFrame = {
  lang: Language;
  store: StoreSettings;
  origin: string;
  subject: string;
  blocks: readonly MailBlock[];
  /** Footer lines above the business name and copyright. */
  footerNotes: readonly string[];
};

const FONT = "-apple-system,BlinkMacSystemFont,'Hiragino Sans','Hiragino Kaku Gothic ProN',Meiryo,'Segoe UI',sans-serif";
const HEX = /^#[0-9a-fA-F]{6}$/;

const paragraphs = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
    case 'notice':
      return block.text;
    case 'code':
      return `  ${block.text}`;
    case 'link':
      return `${block.label}\n${httpUrl(block.url) ?? block.url}`;
    case 'facts':
      return block.rows.map(([label, value]) => `${label}: ${singleLine(value)}`).join('\n');
  }
}

function blockHtml(block: MailBlock, accent: string): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;">${paragraphs(block.text)}</p>`;
    case 'notice':
      return `<p style="margin:0 0 16px;padding:12px 16px;background:#fff7ed;border-left:4px solid #ea580c;color:#7c2d12;">${paragraphs(block.text)}</p>`;
    case 'code':
      return `<p style="margin:0 0 16px;padding:16px;text-align:center;border:2px solid ${accent};border-radius:6px;font-size:32px;font-weight:bold;letter-spacing:8px;font-family:Menlo,Consolas,monospace;">${escapeHtml(block.text)}</p>`;
    case 'link': {
      const url = httpUrl(block.url);
      if (!url) return `<p style="margin:0 0 16px;">${escapeHtml(block.label)}</p>`;
      const href = escapeHtml(url);
      return (
        `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 8px;"><tr><td style="background:${accent};border-radius:6px;">` +
        `<a href="${href}" style="display:inline-block;padding:12px 24px;color:#ffffff;font-weight:bold;text-decoration:none;">${escapeHtml(block.label)}</a></td></tr></table>` +
        `<p style="margin:0 0 16px;font-size:12px;word-break:break-all;"><a href="${href}" style="color:${accent};">${escapeHtml(url)}</a></p>`
      );
    }
    case 'facts':
      return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse;">${block.rows
        .map(
          ([label, value]) =>
            `<tr><th align="left" style="padding:4px 16px 4px 0;color:#6b7280;font-weight:normal;white-space:nowrap;">${escapeHtml(label)}</th><td style="padding:4px 0;">${escapeHtml(singleLine(value))}</td></tr>`,
        )
        .join('')}</table>`;
  }
}

export function renderFrame(frame: MailFrame): RenderedMail {
  const { store, lang } = frame;
  const serviceName = singleLine(store.serviceName);
  const subject = singleLine(frame.subject);
  const accent = HEX.test(store.colors.accentColor) ? store.colors.accentColor : '#333333';
  const footer = [...frame.footerNotes, store.businessName, store.footers.copyright].map(singleLine);
  const rule = '-'.repeat(40);
  const text = `${[serviceName, rule, ...frame.blocks.map(blockText), rule, footer.join('\n')].join('\n\n')}\n`;

  const logo = absoluteImageUrl(store.images.logoPc, frame.origin);
  const logoRow = logo
    ? `<tr><td style="padding:16px 24px;"><img src="${escapeHtml(logo)}" alt="${escapeHtml(serviceName)}" height="32" style="display:block;height:32px;width:auto;border:0;"></td></tr>\n`
    : '';
  const html = `<!DOCTYPE html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#ffffff;font-family:${FONT};color:#1f2937;font-size:15px;line-height:1.7;">
${logoRow}<tr><td style="background:${accent};padding:12px 24px;color:#ffffff;font-size:18px;font-weight:bold;">${escapeHtml(serviceName)}</td></tr>
<tr><td style="padding:24px;">
${frame.blocks.map((b) => blockHtml(b, accent)).join('\n')}
</td></tr>
<tr><td style="padding:16px 24px;background:#f9fafb;color:#6b7280;font-size:12px;line-height:1.6;">${footer.map((line) => `<p style="margin:0 0 4px;">${escapeHtml(line)}</p>`).join('')}</td></tr>
</table>
</td></tr></table>
</body></html>
`;
  return { subject, text, html };
}
