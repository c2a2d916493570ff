// The server's billing run on a schedule (decision 0019): every BILLING_INTERVAL_MS the same
// runBilling the CLI does, at the clock's time. Runs never overlap in one process; several
// processes may run at once (the run is safe for that). 0 turns it off (the tests' default).
import type { Logger } from '#server/base/logger.ts';
import type { BillingEngine } from './engine.ts';

export function startBillingSchedule(deps: {
  engine: BillingEngine;
  clock: () => Date;
  log: Logger;
  intervalMs: number;
  batchSize: number;
}) {
  if (deps.intervalMs <= 0) return () => undefined;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const summary = await deps.engine.runBilling({ at: deps.clock(), batchSize: deps.batchSize });
      if (summary.batches > 0) deps.log.info('billing run', summary);
    } catch (err) {
      deps.log.error('billing run failed', { err });
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), deps.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
