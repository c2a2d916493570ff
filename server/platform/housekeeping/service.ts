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
  async function purgeExpired(now: Date) {
    const codes = await deps.codes.purge(new Date(now.getTime() - RETENTION.codesMs));
    const counters = (await deps.throttle.purge(now)) + (await deps.sendLimits.purge());
    await deps.sessionRepo.deleteExpired(now);
    await deps.flows.deleteExpired(now);
    await deps.externalFlows?.deleteExpiredFlows(now);
    const orders = deps.settleStaleOrders ? await deps.settleStaleOrders(now) : { completed: 0, failed: 0 };
    const oidcState = deps.purgeOidcState ? await deps.purgeOidcState(now) : 0;
    const passwordResets = await deps.retention.deleteExpiredPasswordResets(now);
    const purchaseTokens = await deps.retention.deleteExpiredPurchaseTokens(now);
    const mail = await deps.retention.deleteOldMail(now);
    return { codes, counters, staleOrders: orders, oidcState, passwordResets, purchaseTokens, mail };
  }
  return {
    purgeExpired,
    /**
     * Runs purgeExpired a minute after start, then every interval; returns a stop function for
     * shutdown. The first pass does not wait an interval: a server restarted more often than that
     * (deploys, scaling) would otherwise never purge.
     */
    start(log: Logger, opts: { firstRunMs?: number; intervalMs?: number } = {}) {
      const run = () =>
        purgeExpired(deps.clock()).then(
          (counts) => log.info('housekeeping', counts),
          (err) => log.warn('housekeeping failed', { err }),
        );
      let timer: NodeJS.Timeout | undefined;
      const first = setTimeout(() => {
        void run();
        timer = setInterval(() => void run(), opts.intervalMs ?? RETENTION.intervalMs);
        timer.unref();
      }, opts.firstRunMs ?? RETENTION.firstRunMs);
      first.unref();
      return () => {
        clearTimeout(first);
        clearInterval(timer);
      };
    },
  };
}
export type Housekeeping = ReturnType<typeof createHousekeeping>;
