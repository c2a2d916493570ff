// The text of a kept mail, cut into plain text, links and one-time codes, so the outbox page can
// make the link clickable and the code stand out.

export type Segment = { kind: 'text' | 'link' | 'code'; text: string };

const PATTERN = /(https?:\/\/[^\s<>"'）」]+)|((?<![\d:/.-])\d{6}(?![\d:/.-]))/g;

/** `codes`: also pick out standalone 6-digit numbers (the mails that carry a code). */
export function mailSegments(text: string, codes: boolean): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  for (const m of text.matchAll(PATTERN)) {
    const [whole, link] = m;
    if (!link && !codes) continue;
    const at = m.index ?? 0;
    if (at > last) out.push({ kind: 'text', text: text.slice(last, at) });
    out.push({ kind: link ? 'link' : 'code', text: whole });
    last = at + whole.length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

/** A mail's time in Japan: 2026/05/20 14:03:09. */
export function outboxTime(iso: string): string {
  const d = new Date(new Date(iso).getTime() + 9 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}/${p(d.getUTCMonth() + 1)}/${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}
