// Input normalisation applied before checking: what a Japanese IME commonly produces
// (full-width digits, long-vowel marks typed as hyphens, half-width katakana) is turned into the
// canonical form, so the member is not scolded for a difference they cannot see.

/** ０-９ to 0-9; everything else unchanged. */
export function toHalfWidthDigits(text: string): string {
  return text.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
}

/**
 * Characters people type between digit groups: ASCII and Unicode hyphens and dashes, the minus
 * sign, the full-width hyphen-minus, and the katakana long-vowel marks an IME gives for "-".
 */
export const HYPHENS = /[-‐‑‒–—―−－﹣ｰー]/g;

/** Half-width katakana (ｶﾀｶﾅ, ﾞ and ﾟ combined) to full-width; other text unchanged. */
export function toFullWidthKatakana(text: string): string {
  return text.replace(/[\uFF66-\uFF9F]+/g, (run) => run.normalize('NFKC'));
}

/** Length in characters as a person counts them (code points, so 𠮷 is one). */
export function charLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** C0 controls and DEL; `multiline` allows tab, line feed and carriage return. */
export function hasControlChars(text: string, multiline = false): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: detecting control characters is the point
  return multiline ? /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text) : /[\u0000-\u001F\u007F]/.test(text);
}
