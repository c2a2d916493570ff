import { contrastRatio, ensureContrast, mix, readableOn } from './contrast.ts';
import { type ThemeName, type ThemeTokens, themes } from './tokens.ts';

export type StoreColors = {
  accentColor: string;
  secondaryAccentColor: string;
  playerColor: string;
  headerBackground?: string;
  footerBackground?: string;
};

export type AppTheme = ThemeTokens & {
  color: ThemeTokens['neutral'] & {
    /** The store's accent, for fills (buttons, bars). Text on it uses `onAccent`. */
    accent: string;
    onAccent: string;
    /** The accent as text or icon colour on the page: at least 4.5:1 on background, surface, accentSoft and the hero. */
    accentText: string;
    /** A light wash of the accent for badges; `accentText` reads on it. */
    accentSoft: string;
    secondary: string;
    onSecondary: string;
    player: string;
    onPlayer: string;
    /** Focus outline in the main area: at least 3:1 on background, surface and the hero. */
    focusRing: string;
    /** The home hero's background; `text` and `textMuted` read on it at 4.5:1 or more. */
    heroBackground: string;
  };
  mobileBreakpoint: number;
  /** Media query for the mobile layout (below 1000 px). */
  mobile: string;
};

export const MOBILE_BREAKPOINT = 1000;

/** The strongest tint (in 2 % steps down from `tint`) that keeps every text colour readable on it. */
function heroBackground(accent: string, background: string, texts: readonly string[], tint: number): string {
  for (let t = tint; t > 0; t -= 0.02) {
    const candidate = mix(accent, background, t);
    if (texts.every((text) => contrastRatio(text, candidate) >= 4.5)) return candidate;
  }
  return background;
}

/**
 * The theme object of one store: the named token set plus the store's colours. Pure and
 * deterministic, so the server and the browser build the same object (no flash, no mismatch).
 */
export function buildTheme(name: ThemeName, colors: StoreColors): AppTheme {
  const base: ThemeTokens = themes[name] ?? themes.standard;
  const n = base.neutral;
  const headerBackground = colors.headerBackground ?? n.headerBackground;
  const footerBackground = colors.footerBackground ?? n.footerBackground;
  // Accent-coloured text moves towards white on dark themes and towards black on light ones.
  const toward = base.dark ? '#ffffff' : '#000000';
  const accentSoft = mix(colors.accentColor, n.surface, base.dark ? 0.22 : 0.1);
  const hero = heroBackground(colors.accentColor, n.background, [n.text, n.textMuted], base.heroTint);
  // Accent text and focus rings also sit on the hero (the home page's secondary button).
  const accentGrounds = [n.background, n.surface, accentSoft, hero];
  return {
    ...base,
    color: {
      ...n,
      headerBackground,
      headerText: colors.headerBackground ? readableOn(headerBackground) : n.headerText,
      footerBackground,
      footerText: colors.footerBackground ? readableOn(footerBackground) : n.footerText,
      accent: colors.accentColor,
      onAccent: readableOn(colors.accentColor),
      accentText: ensureContrast(colors.accentColor, accentGrounds, 4.5, toward),
      accentSoft,
      secondary: colors.secondaryAccentColor,
      onSecondary: readableOn(colors.secondaryAccentColor),
      player: colors.playerColor,
      onPlayer: readableOn(colors.playerColor),
      focusRing: ensureContrast(colors.accentColor, [n.background, n.surface, hero], 3, toward),
      heroBackground: hero,
    },
    mobileBreakpoint: MOBILE_BREAKPOINT,
    mobile: `@media (max-width: ${MOBILE_BREAKPOINT - 0.02}px)`,
  };
}
