import { type AppTheme, buildTheme, type StoreColors } from '#themes/build-theme.ts';
import { themeVarsCss } from '#themes/css-vars.ts';
import type { ThemeName } from '#themes/tokens.ts';

type Built = { theme: AppTheme; varsCss: string };

/** Stores kept (one entry per theme and colour set; a settings revision that changes neither reuses it). */
const MAX_ENTRIES = 2000;
const built = new Map<string, Built>();

/** The store's theme and its `:root{--st-…}` rule, built once per theme name and colour set. */
export function storeTheme(name: ThemeName, colors: StoreColors): Built {
  const key = `${name}|${colors.accentColor}|${colors.secondaryAccentColor}|${colors.playerColor}|${colors.headerBackground ?? ''}|${colors.footerBackground ?? ''}`;
  let entry = built.get(key);
  if (!entry) {
    const theme = buildTheme(name, colors);
    entry = { theme, varsCss: themeVarsCss(theme) };
    if (built.size >= MAX_ENTRIES) built.delete(built.keys().next().value as string);
    built.set(key, entry);
  }
  return entry;
}
