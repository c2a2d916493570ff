// Keeping the caret in place while a box reformats what is typed (slashes added, letters dropped).

export function countDigits(text: string): number {
  return text.replace(/\D/g, '').length;
}

/** Where the caret goes in `formatted` to stand after `digits` digits. */
export function caretAfterDigits(formatted: string, digits: number): number {
  if (digits <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i] ?? '')) seen++;
    if (seen === digits) return i + 1;
  }
  return formatted.length;
}
