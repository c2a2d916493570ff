import type { Logger } from '#server/base/logger.ts';
import type { SendLimiter } from '#server/platform/auth/send-limits.ts';
import type { LoginThrottle } from '#server/platform/auth/throttle.ts';
import type { FlowRepo } from '#server/platform/flows/repo.ts';
import type { SessionRepo } from '#server/platform/sessions/repo.ts';
import type { CodeRepo } from '#server/platform/verification/code-repo.ts';
import { RETENTION, type RetentionRepo } from './retention.ts';

/**
 * Applies the retention schedule (decision 0035): deletes expired sessions, flows, codes, reset
 * links, purchase tokens, old mail and finished throttle counters, and settles purchases left
 * open. Safe in several processes.
 */
export function createHousekeeping(deps: {
  codes: CodeRepo;
  throttle: LoginThrottle;
  sendLimits: SendLimiter;
  sessionRepo: SessionRepo;
  flows: FlowRepo;
  retention: RetentionRepo;
  /** External-ID trips (decision 0022). */
  externalFlows?: { deleteExpiredFlows(now: Date): Promise<void> };
  /** Fails (or completes, when the provider charged) purchases left open past their life (decision 0017). */
  settleStaleOrders?: (now: Date) => Promise<{ completed: number; failed: number }>;
  /** Drops the OpenID providers' expired codes, tokens, sessions and interactions (decision 0021). */
  purgeOidcState?: (now: Date) => Promise<number>;
  clock: () => Date;
}) {
  /**
   * One pass, step by step (each step one table's delete, safe to stop after). `stopped` is asked
   * before each step: at shutdown the step in hand finishes and the rest waits for the next pass.
   */
  async function purgeExpired(now: Date, stopped: () => boolean = () => false) {
    const counts = {
      codes: 0,
      counters: 0,
      staleOrders: { completed: 0, failed: 0 },
      oidcState: 0,
      passwordResets: 0,
      purchaseTokens: 0,
      mail: 0,
    };
    const steps: Array<() => Promise<unknown>> = [
      async () => {
        counts.codes = await deps.codes.purge(new Date(now.getTime() - RETENTION.codesMs));
      },
      async () => {
        counts.counters = (await deps.throttle.purge(now)) + (await deps.sendLimits.purge());
      },
      () => deps.sessionRepo.deleteExpired(now),
      () => deps.flows.deleteExpired(now),
      async () => deps.externalFlows?.deleteExpiredFlows(now),
      async () => {
        if (deps.settleStaleOrders) counts.staleOrders = await deps.settleStaleOrders(now);
      },
      async () => {
        if (deps.purgeOidcState) counts.oidcState = await deps.purgeOidcState(now);
      },
      async () => {
        counts.passwordResets = await deps.retention.deleteExpiredPasswordResets(now);
      },
      async () => {
        counts.purchaseTokens = await deps.retention.deleteExpiredPurchaseTokens(now);
      },
      async () => {
        counts.mail = await deps.retention.deleteOldMail(now);
      },
    ];
    for (const step of steps) {
      if (stopped()) break;
      await step();
    }
    return counts;
  }
  return {
    purgeExpired,
    /**
     * Runs purgeExpired a minute after start, then every interval; returns stop, for shutdown: no
     * further pass or step, and it resolves once the step in hand has finished (so the pool can
     * close under none).
     * The first pass does not wait an interval: a server restarted more often than that
     * (deploys, scaling) would otherwise never purge.
     */
    start(log: Logger, opts: { firstRunMs?: number; intervalMs?: number } = {}) {
      let stopping = false;
      let running: Promise<void> | null = null;
      const run = () => {
        if (running || stopping) return;
        running = purgeExpired(deps.clock(), () => stopping)
          .then(
            (counts) => log.info('housekeeping', counts),
            (err) => log.warn('housekeeping failed', { err }),
          )
          .finally(() => {
            running = null;
          });
      };
      let timer: NodeJS.Timeout | undefined;
      const first = setTimeout(() => {
        run();
        timer = setInterval(run, opts.intervalMs ?? RETENTION.intervalMs);
        timer.unref();
      }, opts.firstRunMs ?? RETENTION.firstRunMs);
      first.unref();
      return async () => {
        stopping = true;
        clearTimeout(first);
        clearInterval(timer);
        await running;
      };
    },
  };
}
export type Housekeeping = ReturnType<typeof createHousekeeping>;
