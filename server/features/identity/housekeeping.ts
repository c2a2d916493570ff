import type { Logger } from '#server/logger.ts';
import type { IdentityServices } from './services.ts';

/** Codes stay a day after creation (the hourly limit needs one hour); older rows are deleted. */
const CODE_RETENTION_MS = 86_400_000;

/** Deletes expired sessions, flows, codes and finished throttle counters. Safe in several processes. */
export async function purgeExpired(ids: IdentityServices, now: Date) {
  const codes = await (await ids.codes()).purge(new Date(now.getTime() - CODE_RETENTION_MS));
  const counters = (await ids.throttle.purge(now)) + (await ids.sendLimits.purge());
  await ids.sessionRepo.deleteExpired(now);
  await ids.flows.deleteExpired(now);
  return { codes, counters };
}

/** Runs purgeExpired every interval; returns a stop function for shutdown. */
export function startHousekeeping(ids: IdentityServices, log: Logger, intervalMs = 3_600_000) {
  const timer = setInterval(() => {
    purgeExpired(ids, ids.clock()).then(
      (counts) => log.info('housekeeping', counts),
      (err) => log.warn('housekeeping failed', { err: String(err) }),
    );
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
