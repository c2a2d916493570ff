import type { BillingEngine } from '#server/features/billing/engine.ts';
import type { Metrics } from './registry.ts';

/** The engine with each run's duration, outcome and counts in the metrics (the schedule's runs and the command's alike). */
export function instrumentBilling(engine: BillingEngine, metrics: Metrics): BillingEngine {
  return {
    ...engine,
    async runBilling(opts) {
      const started = performance.now();
      try {
        const summary = await engine.runBilling(opts);
        metrics.billingRun((performance.now() - started) / 1000, summary);
        return summary;
      } catch (err) {
        metrics.billingRun((performance.now() - started) / 1000, null);
        throw err;
      }
    },
  };
}
