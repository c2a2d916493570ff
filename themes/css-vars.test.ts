import { describe, expect, it } from 'vitest';
import { buildTheme } from './build-theme.ts';
import { styleTheme, themeVarsCss } from './css-vars.ts';
import { themes } from './tokens.ts';

const colors = { accentColor: '#00838f', secondaryAccentColor: '#f2b705', playerColor: '#ff0000' };

describe('styleTheme and themeVarsCss', () => {
  it('define every variable the components refer to, for every theme', () => {
    const refs = JSON.stringify(styleTheme()).match(/--st-[a-z-]+/g) ?? [];
    expect(refs.length).toBeGreaterThan(25);
    for (const name of Object.keys(themes) as (keyof typeof themes)[]) {
      const css = themeVarsCss(buildTheme(name, colors));
      for (const ref of refs) expect(css).toContain(`${ref}:`);
    }
  });
  it('carries the store colours and the dark/light choice', () => {
    const css = themeVarsCss(buildTheme('cinema', colors));
    expect(css).toContain('--st-accent:#00838f');
    expect(css).toContain('color-scheme:dark');
    expect(themeVarsCss(buildTheme('standard', colors))).toContain('color-scheme:light');
  });
  it('leaves out only what is the same for every theme (spacing, breakpoint)', () => {
    for (const t of Object.values(themes)) expect(t.space).toBe(themes.standard.space);
  });
  it('has no character that would end the style element', () => {
    expect(themeVarsCss(buildTheme('sakura', colors))).not.toMatch(/[<>]/);
  });
});
