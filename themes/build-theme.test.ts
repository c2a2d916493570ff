import { describe, expect, it } from 'vitest';
import { buildTheme } from './build-theme.ts';
import { contrastRatio, mix, readableOn } from './contrast.ts';
import { themes } from './tokens.ts';

const colors = { accentColor: '#0b5cad', secondaryAccentColor: '#f2b705', playerColor: '#ff0000' };

describe('buildTheme', () => {
  it('puts the store colours over the named token set', () => {
    const t = buildTheme('cinema', colors);
    expect(t.name).toBe('cinema');
    expect(t.dark).toBe(true);
    expect(t.color.accent).toBe('#0b5cad');
    expect(t.color.background).toBe(themes.cinema.neutral.background);
  });
  it('chooses readable text on the accent and on custom header colours', () => {
    const t = buildTheme('standard', { ...colors, headerBackground: '#111111' });
    expect(t.color.onAccent).toBe('#ffffff');
    expect(t.color.onSecondary).toBe('#1a1a1a');
    expect(t.color.headerText).toBe('#ffffff');
  });
  it('is deterministic (the server and the browser build the same object)', () => {
    expect(JSON.stringify(buildTheme('sakura', colors))).toBe(JSON.stringify(buildTheme('sakura', colors)));
  });
  it('uses the mobile layout below 1000 px', () => {
    expect(buildTheme('standard', colors).mobile).toBe('@media (max-width: 999.98px)');
  });
});

describe('contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(readableOn('#ffff00')).toBe('#1a1a1a');
  });
  it('keeps every theme text colour readable on its background (4.5:1)', () => {
    for (const t of Object.values(themes)) {
      expect(contrastRatio(t.neutral.text, t.neutral.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(t.neutral.textMuted, t.neutral.surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(t.neutral.footerText, t.neutral.footerBackground)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(t.neutral.headerText, t.neutral.headerBackground)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('derived colours', () => {
  const storeColours = [
    { accentColor: '#1565c0', secondaryAccentColor: '#00695c', playerColor: '#42a5f5' },
    { accentColor: '#b71c3c', secondaryAccentColor: '#6a1b9a', playerColor: '#ff4f7b' },
    { accentColor: '#2e7d32', secondaryAccentColor: '#6d4c41', playerColor: '#66bb6a' },
    { accentColor: '#ffeb3b', secondaryAccentColor: '#ffffff', playerColor: '#000000' },
    { accentColor: '#0d0d0d', secondaryAccentColor: '#000000', playerColor: '#ffffff' },
    // Readable on white but not on their own tinted hero (found by the e2e config matrix).
    { accentColor: '#c2185b', secondaryAccentColor: '#1565c0', playerColor: '#f06292' },
    { accentColor: '#0277bd', secondaryAccentColor: '#2e7d32', playerColor: '#4fc3f7' },
    { accentColor: '#fbfbfb', secondaryAccentColor: '#f5f5f0', playerColor: '#fffef5' },
  ];
  for (const name of Object.keys(themes) as (keyof typeof themes)[]) {
    for (const c of storeColours) {
      it(`keeps text readable for ${name} with accent ${c.accentColor}`, () => {
        const t = buildTheme(name, c).color;
        expect(contrastRatio(t.onAccent, t.accent)).toBeGreaterThanOrEqual(4.5);
        // accentText is also the secondary button's text on the home hero.
        for (const bg of [t.background, t.surface, t.accentSoft, t.heroBackground]) {
          expect(contrastRatio(t.accentText, bg)).toBeGreaterThanOrEqual(4.5);
        }
        for (const bg of [t.background, t.surface, t.heroBackground]) expect(contrastRatio(t.focusRing, bg)).toBeGreaterThanOrEqual(3);
        expect(contrastRatio(t.text, t.heroBackground)).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(t.textMuted, t.heroBackground)).toBeGreaterThanOrEqual(4.5);
        for (const status of [t.success, t.warning, t.danger]) expect(contrastRatio(status, t.surface)).toBeGreaterThanOrEqual(4.5);
      });
    }
  }
  it('keeps an accent that is already readable', () => {
    expect(buildTheme('sakura', storeColours[1]!).color.accentText).toBe('#b71c3c');
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
  });
});
