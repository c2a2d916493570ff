import { readFileSync } from 'node:fs';

export type PoEntry = { msgid: string; msgstr: string; context?: string; obsolete: boolean; references: string[] };

const unquote = (s: string) => JSON.parse(s.trim()) as string;

/** A small reader for the gettext catalogues Lingui writes (msgctxt, msgid, msgstr, #: references, #~ obsolete). */
export function readPo(file: string): PoEntry[] {
  const entries: PoEntry[] = [];
  for (const block of readFileSync(file, 'utf8').split(/\r?\n\r?\n/)) {
    const lines = block.split(/\r?\n/).filter(Boolean);
    const obsolete = lines.length > 0 && lines.every((l) => l.startsWith('#'));
    const references = lines.filter((l) => l.startsWith('#:')).flatMap((l) => l.slice(2).trim().split(/\s+/));
    const fields: Record<string, string> = {};
    let current: string | null = null;
    for (const raw of lines) {
      const line = obsolete ? raw.replace(/^#~\s?/, '') : raw;
      const m = /^(msgctxt|msgid|msgstr)\s+(".*")$/.exec(line);
      if (m) {
        current = m[1] as string;
        fields[current] = unquote(m[2] as string);
      } else if (current && /^".*"$/.test(line)) {
        fields[current] += unquote(line);
      }
    }
    if (fields.msgid === undefined || fields.msgid === '') continue;
    entries.push({
      msgid: fields.msgid,
      msgstr: fields.msgstr ?? '',
      context: fields.msgctxt,
      obsolete: obsolete && !block.includes('\nmsgid'),
      references,
    });
  }
  return entries;
}
