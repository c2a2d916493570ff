import type { SendLimiter } from '#server/features/auth/send-limits.ts';
import type { LoginThrottle } from '#server/features/auth/throttle.ts';
import type { FlowRepo } from '#server/features/flows/repo.ts';
import type { SessionRepo } from '#server/features/sessions/repo.ts';
import type { CodeRepo } from '#server/features/verification/code-repo.ts';
import type { Logger } from '#server/logger.ts';

/** Codes stay a day after creation (the hourly limit needs one hour); older rows are deleted. */
const CODE_RETENTION_MS = 86_400_000;

/**
 * Deletes expired sessions, flows, codes and finished throttle counters, and settles purchases left
 * open. Safe in several processes.
 */
export function createHousekeeping(deps: {
  codes: CodeRepo;
  throttle: LoginThrottle;
  sendLimits: SendLimiter;
  sessionRepo: SessionRepo;
  flows: FlowRepo;
  /** External-ID trips (decision 0022). */
  externalFlows?: { deleteExpiredFlows(now: Date): Promise<void> };
  /** Fails (or completes, when the provider charged) purchases left open past their life (decision 0017). */
  settleStaleOrders?: (now: Date) => Promise<{ completed: number; failed: number }>;
  /** Drops the OpenID providers' expired codes, tokens, sessions and interactions (decision 0021). */
  purgeOidcState?: (now: Date) => Promise<number>;
  clock: () => Date;
}) {
  async function purgeExpired(now: Date) {
    const codes = await deps.codes.purge(new Date(now.getTime() - CODE_RETENTION_MS));
    const counters = (await deps.throttle.purge(now)) + (await deps.sendLimits.purge());
    await deps.sessionRepo.deleteExpired(now);
    await deps.flows.deleteExpired(now);
    await deps.externalFlows?.deleteExpiredFlows(now);
    const orders = deps.settleStaleOrders ? await deps.settleStaleOrders(now) : { completed: 0, failed: 0 };
    const oidcState = deps.purgeOidcState ? await deps.purgeOidcState(now) : 0;
    return { codes, counters, staleOrders: orders, oidcState };
  }
  return {
    purgeExpired,
    /** Runs purgeExpired every interval; returns a stop function for shutdown. */
    start(log: Logger, intervalMs = 3_600_000) {
      const timer = setInterval(() => {
        purgeExpired(deps.clock()).then(
          (counts) => log.info('housekeeping', counts),
          (err) => log.warn('housekeeping failed', { err }),
        );
      }, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
export type Housekeeping = ReturnType<typeof createHousekeeping>;
