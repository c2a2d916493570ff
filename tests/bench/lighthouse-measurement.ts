/**
 * Lighthouse (mobile) in `npm run bench`: goal 6 of issue 7 (/, /login and /plans on two stores,
 * as a guest) and goal 6 of issue 22 (/mypage and the purchase form, signed in, in both
 * database modes; its rows are in issue 22's table, see report.ts).
 */
import { row } from './goals.ts';
import { lighthouseAudit } from './lighthouse.ts';
import type { Measurement } from './measurements.ts';
import { memberCookie } from './signup-flow.ts';

const GOAL = 'perf >= 95, LCP <= 1.5 s, TBT <= 100 ms, CLS <= 0.02, a11y 100';

export const lighthouseMeasurement: Measurement = {
  name: 'lighthouse',
  async run({ port, quick }) {
    const pages = quick
      ? [['aozora.localhost', '/login']]
      : ['aozora.localhost', 'kurenai.localhost'].flatMap((host) => ['/', '/login', '/plans'].map((path) => [host, path]));
    const audits = [];
    for (const [host, path] of pages as [string, string][]) audits.push({ host, path, ...(await lighthouseAudit({ port, host, path })) });
    return {
      result: audits,
      rows: audits.map((a) =>
        row(
          '6',
          `Lighthouse mobile ${a.host}${a.path}`,
          `perf ${a.performance}, LCP ${Math.round(a.lcpMs)} ms, TBT ${Math.round(a.tbtMs)} ms, CLS ${a.cls}, a11y ${a.accessibility}`,
          GOAL,
          a.performance >= 95 && a.lcpMs <= 1500 && a.tbtMs <= 100 && a.cls <= 0.02 && a.accessibility === 100,
        ),
      ),
    };
  },
};

/** Issue 22's signed-in pages: a member just signed up (no purchase yet), as the load runs use. */
export const MEMBER_LIGHTHOUSE_PAGES = ['/mypage', '/plans/standard-monthly'] as const;

export const memberLighthouseMeasurement: Measurement = {
  name: 'lighthouse-member',
  modes: ['pglite', 'postgres'],
  async run({ port, host }) {
    const cookie = await memberCookie(port, host);
    const audits = [];
    for (const path of MEMBER_LIGHTHOUSE_PAGES) audits.push({ host, path, ...(await lighthouseAudit({ port, host, path, cookie })) });
    // No rows here: issue 22's table reads the result (report.ts, issue22Rows).
    return { result: audits, rows: [] };
  },
};
