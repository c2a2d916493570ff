import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findChromium, NO_BROWSER_HINT } from './find-chromium.ts';

// Fake PATH folders in a temporary folder, with executables (and a non-executable file and a
// folder where a browser's name is) placed where each case needs them.

const root = mkdtempSync(join(tmpdir(), 'find-chromium-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let seq = 0;
/** A new folder holding an executable file for each name given. */
function dirWith(...names: string[]): string {
  const dir = join(root, `d${seq++}`);
  mkdirSync(dir);
  for (const name of names) {
    writeFileSync(join(dir, name), '#!/bin/sh\n');
    chmodSync(join(dir, name), 0o755);
  }
  return dir;
}
const pathOf = (...dirs: string[]) => dirs.join(delimiter);

describe('findChromium', () => {
  it('takes CHROMIUM_PATH first, whatever PATH holds', () => {
    const own = join(dirWith('my-chrome'), 'my-chrome');
    const path = pathOf(dirWith('chromium'));
    expect(findChromium({ env: { CHROMIUM_PATH: own, PATH: path } })).toEqual({ path: own, via: 'CHROMIUM_PATH' });
  });

  it('does not look further when CHROMIUM_PATH names nothing executable, and says so', () => {
    const path = pathOf(dirWith('chromium'));
    const result = findChromium({ env: { CHROMIUM_PATH: join(root, 'missing'), PATH: path } });
    expect(result.path).toBeNull();
    expect(result).toMatchObject({ hint: expect.stringContaining(`CHROMIUM_PATH is ${join(root, 'missing')}`) });
  });

  it.each([['chromium'], ['chromium-browser'], ['google-chrome'], ['google-chrome-stable'], ['chrome']])('finds %s on PATH', (name) => {
    const dir = dirWith(name);
    expect(findChromium({ env: { PATH: pathOf(dirWith(), dir) } })).toEqual({ path: join(dir, name), via: `${name} on PATH` });
  });

  it('prefers Chromium to Chrome, in any folder of PATH, and the first folder for one name', () => {
    const chrome = dirWith('google-chrome');
    const chromium1 = dirWith('chromium');
    const chromium2 = dirWith('chromium');
    expect(findChromium({ env: { PATH: pathOf(chrome, chromium1, chromium2) } }).path).toBe(join(chromium1, 'chromium'));
  });

  it('skips a file that is not executable and a folder with a browser’s name', () => {
    const plain = dirWith();
    writeFileSync(join(plain, 'chromium'), 'not a program');
    chmodSync(join(plain, 'chromium'), 0o644);
    const folder = dirWith();
    mkdirSync(join(folder, 'chromium'));
    const real = dirWith('chromium-browser');
    expect(findChromium({ env: { PATH: pathOf(plain, folder, real) } }).path).toBe(join(real, 'chromium-browser'));
  });

  it('falls back to the Chromium Playwright installed, if it is there', () => {
    const installed = join(dirWith('chrome'), 'chrome');
    const empty = pathOf(dirWith());
    expect(findChromium({ env: { PATH: empty }, playwrightPath: installed })).toEqual({
      path: installed,
      via: "Playwright's installed Chromium",
    });
    expect(findChromium({ env: { PATH: empty }, playwrightPath: join(root, 'not-installed', 'chrome') })).toEqual({
      path: null,
      hint: NO_BROWSER_HINT,
    });
  });

  it('without any browser answers one line saying how to get one', () => {
    const result = findChromium({ env: { PATH: '' }, playwrightPath: null });
    expect(result).toEqual({ path: null, hint: NO_BROWSER_HINT });
    expect(NO_BROWSER_HINT).not.toContain('\n');
    expect(NO_BROWSER_HINT).toContain('apt-get install -y chromium');
    expect(NO_BROWSER_HINT).toContain('CHROMIUM_PATH');
  });
});

// Each child loads @playwright/test, which takes seconds on a busy machine.
describe('tests/e2e/chromium.ts', { timeout: 60_000 }, () => {
  const ROOT = resolve(import.meta.dirname, '..');
  // HOME in the temporary folder: no browser Playwright installed is found there.
  const load = (env: Record<string, string>) =>
    spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const m = await import('./tests/e2e/chromium.ts'); console.log(m.chromiumLaunchOptions.executablePath)",
      ],
      { cwd: ROOT, env: { HOME: root, ...env }, encoding: 'utf8' },
    );

  it('launches the browser the lookup finds: a google-chrome on PATH, or CHROMIUM_PATH', () => {
    const dir = dirWith('google-chrome');
    expect(load({ PATH: dir }).stdout.trim()).toBe(join(dir, 'google-chrome'));
    const own = join(dirWith('my-chrome'), 'my-chrome');
    expect(load({ PATH: dir, CHROMIUM_PATH: own }).stdout.trim()).toBe(own);
  });

  it('stops with the one line saying how to get a browser when there is none', () => {
    const run = load({ PATH: dirWith() });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain(NO_BROWSER_HINT);
  });
});
