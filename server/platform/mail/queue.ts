// Mail work done after the answer (docs/decisions/0009-mail-queue-and-send-limits.md). A request
// that could reveal membership by its timing (a login code, a reset link) only records a job, the
// same row for a member and a stranger; a worker looks the member up and sends. Jobs live in
// `mail_jobs`, so a restart loses none, and several processes share them (FOR UPDATE SKIP LOCKED).
import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from '#server/base/logger.ts';
import type { Db } from '#server/db/client.ts';
import { mailJobs } from '#server/db/schema.ts';
import { acrossStores, inStore, outsideAnyStore } from '#server/db/scope.ts';

export type MailJob = { storeId: string; id: string; kind: string; payload: Record<string, unknown>; attempts: number };
export type MailJobHandler = (job: MailJob) => Promise<void>;

/** A job that fails is tried again after 1, 2, 4, 8 minutes; after 5 attempts it is dropped (and logged). */
const MAX_ATTEMPTS = 5;
const BATCH = 20;
/** While a worker holds a job, no other claims it; a worker that dies frees it when this runs out. */
const LEASE_SECONDS = 120;

export function createMailQueue(deps: { db: Db; clock: () => Date; log: Logger; pollMs?: number; kick?: boolean }) {
  const { db, clock, log } = deps;
  const handlers = new Map<string, MailJobHandler>();
  let running: Promise<number> | null = null;
  let again = false;

  /** Set by stop(): no new claim, and claimed jobs not begun go back (handBack). */
  let stopping = false;

  /** Claims due jobs of every store (a cross-store worker), leasing them so no other worker takes them. */
  async function claim(): Promise<{ jobs: MailJob[]; leaseUntil: Date }> {
    const now = clock();
    const leaseUntil = new Date(now.getTime() + LEASE_SECONDS * 1000);
    const jobs = await acrossStores(async () => {
      const rows = await db.execute(sql`
        update ${mailJobs} set attempts = attempts + 1, run_after = ${leaseUntil.toISOString()}::timestamptz
        where (store_id, id) in (
          select store_id, id from ${mailJobs} where run_after <= ${now.toISOString()}::timestamptz
          order by run_after limit ${BATCH} for update skip locked)
        returning store_id, id, kind, payload, attempts`);
      const list = (rows as unknown as { rows: Record<string, unknown>[] }).rows;
      return list.map((r) => ({
        storeId: String(r.store_id),
        id: String(r.id),
        kind: String(r.kind),
        payload: r.payload as Record<string, unknown>,
        attempts: Number(r.attempts),
      }));
    });
    return { jobs, leaseUntil };
  }

  /**
   * Gives claimed jobs that were not begun back at shutdown: due now and their attempt not
   * counted, so another process takes them at once instead of after the lease. Only while the
   * lease is still this claim's (run_after unchanged): a job another worker has taken since is left alone.
   */
  async function handBack(jobs: MailJob[], leaseUntil: Date) {
    if (jobs.length === 0) return;
    const keys = sql.join(
      jobs.map((j) => sql`(${j.storeId}, ${j.id}::uuid)`),
      sql`, `,
    );
    await acrossStores(() =>
      db.execute(sql`
        update ${mailJobs} set attempts = attempts - 1, run_after = ${clock().toISOString()}::timestamptz
        where (store_id, id) in (${keys}) and run_after = ${leaseUntil.toISOString()}::timestamptz`),
    );
    log.info('mail jobs handed back at shutdown', { jobs: jobs.length });
  }

  async function finish(job: MailJob, error: unknown) {
    await inStore(job.storeId, async () => {
      const where = and(eq(mailJobs.storeId, job.storeId), eq(mailJobs.id, job.id));
      if (!error || job.attempts >= MAX_ATTEMPTS) {
        if (error) log.error('mail job dropped after retries', { kind: job.kind, jobId: job.id, err: error });
        await db.delete(mailJobs).where(where);
        return;
      }
      const retryAt = new Date(clock().getTime() + 60_000 * 2 ** (job.attempts - 1));
      await db
        .update(mailJobs)
        .set({ runAfter: retryAt, lastError: String(error).slice(0, 500) })
        .where(where);
      log.warn('mail job failed; will retry', { kind: job.kind, jobId: job.id, attempt: job.attempts });
    });
  }

  /** Runs every due job (several rounds while there are more); returns how many ran. */
  async function runDue(): Promise<number> {
    let done = 0;
    while (!stopping) {
      const { jobs, leaseUntil } = await claim();
      if (jobs.length === 0) return done;
      for (const [i, job] of jobs.entries()) {
        // Shutting down: the job in hand has finished; the rest go back for another process.
        if (stopping) {
          await handBack(jobs.slice(i), leaseUntil).catch((err) => log.error('mail jobs not handed back', { err }));
          return done;
        }
        const handler = handlers.get(job.kind);
        let error: unknown = handler ? null : new Error(`no handler for mail job ${job.kind}`);
        if (handler) {
          try {
            await inStore(job.storeId, () => handler(job));
          } catch (err) {
            error = err;
          }
        }
        await finish(job, error).catch((err) => log.error('mail job bookkeeping failed', { jobId: job.id, err }));
        done++;
      }
    }
    return done;
  }

  /** One worker run at a time in this process; a kick during a run makes it go round once more. */
  function work(): Promise<number> {
    if (stopping) return Promise.resolve(0);
    if (running) {
      again = true;
      return running;
    }
    running = outsideAnyStore(() =>
      (async () => {
        let total = 0;
        do {
          again = false;
          total += await runDue();
        } while (again);
        return total;
      })(),
    ).finally(() => {
      running = null;
    });
    return running;
  }

  let timer: NodeJS.Timeout | null = null;

  return {
    on(kind: string, handler: MailJobHandler) {
      handlers.set(kind, handler);
    },
    /** Records a job in the store's scope; the caller kicks the worker after answering. */
    async enqueue(storeId: string, kind: string, payload: Record<string, unknown>): Promise<void> {
      await inStore(storeId, () => db.insert(mailJobs).values({ storeId, kind, payload, runAfter: clock() }));
    },
    /** Starts a worker run soon, outside the request that asked (after its answer is written). */
    kick() {
      if (deps.kick === false) return;
      outsideAnyStore(() =>
        setTimeout(() => {
          work().catch((err) => log.error('mail worker failed', { err }));
        }, 0),
      );
    },
    /** Jobs waiting (due or for a retry) in every store, and the age of the oldest (the metrics). */
    async stats(): Promise<{ jobs: number; oldestAgeSeconds: number }> {
      const result = await outsideAnyStore(() =>
        acrossStores(() => db.execute(sql`select count(*)::int as jobs, min(${mailJobs.createdAt}) as oldest from ${mailJobs}`)),
      );
      const row = (result as unknown as { rows: Array<{ jobs: number; oldest: string | Date | null }> }).rows[0];
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
      return { jobs: Number(row?.jobs ?? 0), oldestAgeSeconds: oldest === null ? 0 : Math.max(0, (clock().getTime() - oldest) / 1000) };
    },
    /** Runs the due jobs now and waits for them (tests, shutdown). */
    drain: work,
    /**
     * Polls for due jobs (those left by a restart or waiting for a retry); returns stop, for
     * shutdown: no more claims; the job in hand finishes (a mail is never cut half-sent, nor sent
     * again by another process after the lease), the other claimed jobs are handed back; it
     * resolves once the worker is idle, so the pool can close.
     */
    start(pollMs = deps.pollMs ?? 5_000) {
      timer = setInterval(() => {
        work().catch((err) => log.error('mail worker failed', { err }));
      }, pollMs);
      timer.unref();
      return async () => {
        stopping = true;
        if (timer) clearInterval(timer);
        timer = null;
        await running?.catch(() => undefined);
      };
    },
  };
}

export type MailQueue = ReturnType<typeof createMailQueue>;
