/** Goal 6 of issue 7 in `npm run bench`: Lighthouse (mobile) of /, /login and /plans on two stores. */
import { row } from './goals.ts';
import { lighthouseAudit } from './lighthouse.ts';
import type { Measurement } from './measurements.ts';

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
