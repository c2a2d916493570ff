// The server's billing run on a schedule (decision 0019): every BILLING_INTERVAL_MS the same
// runBilling the CLI does, at the clock's time. Runs never overlap in one process; several
// processes may run at once (the run is safe for that). 0 turns it off (the tests' default).
// Stopping waits for a run in flight: a process shutting down finishes its renewals before it
// closes the database (decision 0043).
import type { Logger } from '#server/base/logger.ts';
import type { BillingEngine } from './engine.ts';

export function startBillingSchedule(deps: {
  engine: BillingEngine;
  clock: () => Date;
  log: Logger;
  intervalMs: number;
  batchSize: number;
}) {
  if (deps.intervalMs <= 0) return async () => undefined;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = run().finally(() => {
      running = null;
    });
  };
  const run = async () => {
    try {
      const summary = await deps.engine.runBilling({ at: deps.clock(), batchSize: deps.batchSize });
      if (summary.batches > 0) deps.log.info('billing run', summary);
    } catch (err) {
      deps.log.error('billing run failed', { err });
    }
  };
  const timer = setInterval(tick, deps.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
