/** WCAG relative luminance and contrast, to pick readable text on a store's colours. */
export function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or near-black, whichever reads better on the background. */
export function readableOn(background: string): string {
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, '#1a1a1a') ? '#ffffff' : '#1a1a1a';
}

/** `a` blended into `b`: weight 1 gives `a`, 0 gives `b` (sRGB, rounded per channel). */
export function mix(a: string, b: string, weight: number): string {
  const pa = Number.parseInt(a.slice(1), 16);
  const pb = Number.parseInt(b.slice(1), 16);
  const channel = (shift: number) => {
    const v = Math.round(((pa >> shift) & 255) * weight + ((pb >> shift) & 255) * (1 - weight));
    return v.toString(16).padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/**
 * `color` moved towards `toward` in 5 % steps until it reaches `ratio` against every background
 * (the colour itself when it already does). Used for accent-coloured text and focus rings.
 */
export function ensureContrast(color: string, backgrounds: readonly string[], ratio: number, toward: string): string {
  for (let step = 0; step <= 20; step++) {
    const candidate = mix(toward, color, step / 20);
    if (backgrounds.every((bg) => contrastRatio(candidate, bg) >= ratio)) return candidate;
  }
  return toward;
}
