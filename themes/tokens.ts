/** A named design-token set; a store picks one with `theme` and its own colours override. */
export type ThemeTokens = {
  name: string;
  dark: boolean;
  fontFamily: string;
  /** `button` is the corner of buttons and button-like links (a pill on the soft theme). */
  radius: { sm: string; md: string; lg: string; pill: string; button: string };
  space: (n: number) => string;
  shadow: { card: string; raised: string };
  /** How strongly the accent tints the home hero, 0 to 1 (lowered if the text would lose contrast). */
  heroTint: number;
  neutral: {
    background: string;
    surface: string;
    text: string;
    textMuted: string;
    border: string;
    headerBackground: string;
    headerText: string;
    footerBackground: string;
    footerText: string;
    danger: string;
    success: string;
    warning: string;
  };
};

const space = (n: number) => `${n * 4}px`;
const fontFamily =
  '"Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans JP", "Yu Gothic UI", Meiryo, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export const themes = {
  standard: {
    name: 'standard',
    dark: false,
    fontFamily,
    radius: { sm: '4px', md: '8px', lg: '12px', pill: '999px', button: '8px' },
    space,
    shadow: { card: '0 1px 2px rgba(16, 24, 40, 0.06), 0 1px 3px rgba(16, 24, 40, 0.1)', raised: '0 4px 16px rgba(16, 24, 40, 0.12)' },
    heroTint: 0.1,
    neutral: {
      background: '#f5f6f8',
      surface: '#ffffff',
      text: '#1f2329',
      textMuted: '#5c6370',
      border: '#d9dce1',
      headerBackground: '#ffffff',
      headerText: '#1f2329',
      footerBackground: '#23272e',
      footerText: '#e8eaed',
      danger: '#c62828',
      success: '#2e7d32',
      warning: '#a15c00',
    },
  },
  cinema: {
    name: 'cinema',
    dark: true,
    fontFamily,
    radius: { sm: '2px', md: '4px', lg: '6px', pill: '999px', button: '4px' },
    space,
    shadow: { card: '0 1px 0 rgba(255, 255, 255, 0.04) inset, 0 8px 24px rgba(0, 0, 0, 0.35)', raised: '0 6px 24px rgba(0, 0, 0, 0.6)' },
    heroTint: 0.38,
    neutral: {
      background: '#0f1115',
      surface: '#1a1d24',
      text: '#f1f2f4',
      textMuted: '#b4b9c2',
      border: '#343945',
      headerBackground: '#07080a',
      headerText: '#f1f2f4',
      footerBackground: '#07080a',
      footerText: '#c9cdd4',
      danger: '#ff8a80',
      success: '#81c995',
      warning: '#ffcc80',
    },
  },
  sakura: {
    name: 'sakura',
    dark: false,
    fontFamily,
    radius: { sm: '8px', md: '14px', lg: '20px', pill: '999px', button: '999px' },
    space,
    shadow: { card: '0 2px 10px rgba(183, 28, 60, 0.08)', raised: '0 6px 20px rgba(120, 40, 60, 0.14)' },
    heroTint: 0.14,
    neutral: {
      background: '#fff7f9',
      surface: '#ffffff',
      text: '#3a2a30',
      textMuted: '#6e5a62',
      border: '#f0d5dd',
      headerBackground: '#fffafb',
      headerText: '#3a2a30',
      footerBackground: '#fbe9ee',
      footerText: '#3a2a30',
      danger: '#b3261e',
      success: '#2e7d32',
      warning: '#8a5300',
    },
  },
} as const satisfies Record<string, ThemeTokens>;

export type ThemeName = keyof typeof themes;
