// Escaping and URL checks for mail HTML: every value that reaches a mail goes through these.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Safe in element content and in double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** The URL when it is absolute http(s), else null (javascript:, data: and relative URLs are refused). */
export function httpUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** An image setting as an absolute URL: paths are resolved against the store's origin; data: images give null (mail clients block them). */
export function absoluteImageUrl(image: string | undefined, origin: string): string | null {
  if (!image) return null;
  if (image.startsWith('/') && !image.startsWith('//')) return httpUrl(new URL(image, origin).toString());
  return image.startsWith('https://') ? httpUrl(image) : null;
}

/** One line for a header or a plain-text heading: control characters and line breaks become spaces. */
export function singleLine(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}
