// Reading an internal policy: its paragraphs, and when its scroll box counts as read to the end.

/** Whether a box scrolled this far shows its last line (a few pixels of rounding allowed). */
export function isScrolledToEnd(box: { scrollTop: number; clientHeight: number; scrollHeight: number }): boolean {
  return box.scrollTop + box.clientHeight >= box.scrollHeight - 4;
}

/** An internal policy's paragraphs (separated by blank lines); a paragraph's line breaks are kept. */
export function policyParagraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}
