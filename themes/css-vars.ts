import { type AppTheme, MOBILE_BREAKPOINT } from './build-theme.ts';
import { themes } from './tokens.ts';

/**
 * The theme as components see it: every value that differs between stores is a CSS custom
 * property (`var(--st-…)`), so component styles are the same text for every store and can be
 * served once as a stylesheet. The store's values are set once, on `:root`, by `themeVarsCss`.
 */
export type StyleTheme = Omit<AppTheme, 'dark' | 'name' | 'heroTint' | 'neutral' | 'color'> & {
  color: Record<ColorName | Extra, string>;
  /** `filter: brightness(…)` of a hovered accent button (lighter on dark themes, darker on light ones). */
  hoverBrightness: string;
};

type ColorName = keyof AppTheme['color'];
type Extra = 'controlBackground' | 'headerRule' | 'headerShadow';

const COLOR_NAMES = [
  'background',
  'surface',
  'text',
  'textMuted',
  'border',
  'headerBackground',
  'headerText',
  'footerBackground',
  'footerText',
  'danger',
  'success',
  'warning',
  'accent',
  'onAccent',
  'accentText',
  'accentSoft',
  'secondary',
  'onSecondary',
  'player',
  'onPlayer',
  'focusRing',
  'heroBackground',
] as const satisfies readonly ColorName[];
const EXTRA_NAMES = ['controlBackground', 'headerRule', 'headerShadow'] as const satisfies readonly Extra[];
const RADII = ['sm', 'md', 'lg', 'pill', 'button'] as const;
const SHADOWS = ['card', 'raised'] as const;

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const ref = (name: string) => `var(--st-${kebab(name)})`;

/** The one theme object every store's components render with (values are var() references). */
export function styleTheme(): StyleTheme {
  const color = Object.fromEntries([...COLOR_NAMES, ...EXTRA_NAMES].map((n) => [n, ref(n)])) as StyleTheme['color'];
  return {
    fontFamily: ref('fontFamily'),
    radius: Object.fromEntries(RADII.map((r) => [r, ref(`radius-${r}`)])) as unknown as StyleTheme['radius'],
    shadow: Object.fromEntries(SHADOWS.map((s) => [s, ref(`shadow-${s}`)])) as unknown as StyleTheme['shadow'],
    // The same for every theme (checked by a test): no variable needed.
    space: themes.standard.space,
    color,
    mobileBreakpoint: MOBILE_BREAKPOINT,
    mobile: `@media (max-width: ${MOBILE_BREAKPOINT - 0.02}px)`,
    hoverBrightness: ref('hoverBrightness'),
  };
}

/** Values that depend on whether the theme is dark (formerly `theme.dark ? … : …` in components). */
function darkDependent(theme: AppTheme): Record<Extra | 'hoverBrightness', string> {
  const c = theme.color;
  return {
    controlBackground: theme.dark ? c.background : c.surface,
    headerRule: theme.dark ? 'rgba(255, 255, 255, 0.08)' : c.border,
    headerShadow: `rgba(0, 0, 0, ${theme.dark ? 0.55 : 0.12})`,
    hoverBrightness: theme.dark ? '1.15' : '0.92',
  };
}

/** The store's values of every variable `styleTheme` refers to, as `[name, value]` pairs. */
export function themeVariables(theme: AppTheme): Array<[string, string]> {
  const extra = darkDependent(theme);
  return [
    ['font-family', theme.fontFamily],
    ...COLOR_NAMES.map((n): [string, string] => [kebab(n), theme.color[n]]),
    ...EXTRA_NAMES.map((n): [string, string] => [kebab(n), extra[n]]),
    ...RADII.map((r): [string, string] => [`radius-${r}`, theme.radius[r]]),
    ...SHADOWS.map((s): [string, string] => [`shadow-${s}`, theme.shadow[s]]),
    ['hover-brightness', extra.hoverBrightness],
  ];
}

/** One rule with the store's brand: `:root{color-scheme:…;--st-accent:#…;…}`. */
export function themeVarsCss(theme: AppTheme): string {
  const decls = themeVariables(theme).map(([name, value]) => `--st-${name}:${value}`);
  return `:root{color-scheme:${theme.dark ? 'dark' : 'light'};${decls.join(';')}}`;
}
