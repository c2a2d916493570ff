/**
 * Lighthouse (mobile preset: emulated phone, simulated slow 4G and 4x CPU slowdown) of one page
 * of one store, driving the system Chromium through chrome-launcher (no browser download).
 *
 *   node tests/bench/lighthouse.ts --port 3000      # /, /login, /plans on aozora and kurenai
 *
 * The store is chosen by host name; Chromium maps the host to 127.0.0.1 itself
 * (--host-resolver-rules), so no /etc/hosts entry is needed.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, locateChromium } from '../../scripts/find-chromium.ts';

export type LighthouseFigures = { performance: number; accessibility: number; lcpMs: number; tbtMs: number; cls: number };

/** The same browser the end-to-end suite uses (CHROMIUM_PATH, PATH, Playwright's own). */
function chromiumPath(): string {
  const found = locateChromium();
  if (found.path === null) throw new Error(found.hint);
  return found.path;
}
const FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

/**
 * Audits http://<host>:<port><path> with a fresh Chromium and returns the goal figures of issue 7
 * (and of issue 22's signed-in pages).
 * A run whose trace Lighthouse could not read (NO_NAVSTART and the like, seen now and then on a
 * busy machine) is tried again, up to three times in all.
 */
export async function lighthouseAudit(opts: AuditTarget): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(opts);
    } catch (err) {
      if (attempt >= 3 || !(err instanceof LighthouseRunError)) throw err;
    }
  }
}

class LighthouseRunError extends Error {}

/** A page of a store; with `cookie` (a member's session) sent on every request of the page, signed in. */
export type AuditTarget = { port: number; host: string; path: string; cookie?: string };

async function auditOnce(opts: AuditTarget): Promise<LighthouseFigures> {
  const chrome = await launch({
    chromePath: chromiumPath(),
    chromeFlags: [...FLAGS, `--host-resolver-rules=MAP ${opts.host} 127.0.0.1`],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(`http://${opts.host}:${opts.port}${opts.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(opts.cookie ? { extraHeaders: { Cookie: opts.cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${opts.host}${opts.path}`);
    const { categories, audits, runtimeError, finalDisplayedUrl } = result.lhr;
    if (runtimeError) throw new LighthouseRunError(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
    // A member's page without its session redirects to the login: that page's figures would be reported.
    const landed = new URL(finalDisplayedUrl);
    if (`${landed.pathname}${landed.search}` !== opts.path)
      throw new Error(
        `Lighthouse of ${opts.host}${opts.path} ended on ${landed.pathname}${landed.search}${opts.cookie ? ' (the session was not taken)' : ''}`,
      );
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      lcpMs: Math.round(value('largest-contentful-paint')),
      tbtMs: Math.round(value('total-blocking-time')),
      cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
    };
  } finally {
    await chrome.kill();
  }
}

/** Rows of equal keys as aligned text columns (first column left, the others right). */
export function formatTable(rows: Array<Record<string, string | number>>): string {
  const keys = Object.keys(rows[0] ?? {});
  const cells = [keys, ...rows.map((r) => keys.map((k) => String(r[k])))];
  const widths = keys.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
  return cells.map((line) => line.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')).join('\n');
}

const STORES = ['aozora.localhost', 'kurenai.localhost'];
const PAGES = ['/', '/login', '/plans'];

async function main(argv: string[]): Promise<void> {
  const at = argv.indexOf('--port');
  const port = Number(at >= 0 ? argv[at + 1] : 3000);
  if (!Number.isInteger(port) || port <= 0)
    throw new Error('usage: node tests/bench/lighthouse.ts --port <port of a running built server>');
  const rows: Array<Record<string, string | number>> = [];
  for (const host of STORES) {
    for (const path of PAGES) {
      const f = await lighthouseAudit({ port, host, path });
      rows.push({ store: host, page: path, ...f });
    }
  }
  process.stdout.write(`${formatTable(rows)}\n`);
  process.stdout.write('goals: performance >= 95, accessibility 100, LCP <= 1500 ms, TBT <= 100 ms, CLS <= 0.02\n');
}

if (import.meta.filename === process.argv[1]) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
