import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '#server/base/logger.ts';
import { mailJobs } from '#server/db/schema.ts';
import { createTestDatabase } from '../../../tests/helpers/test-db.ts';
import { createMailQueue, type MailJob } from './queue.ts';

// Shutdown with mail jobs claimed (decision 0054): the job in hand is sent, the worker's other
// claimed jobs go back at once, another process sends them; none is lost or sent twice.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

it('at stop, finishes the job in hand and hands the other claimed jobs back for another process at once', async () => {
  let now = new Date('2026-11-01T00:00:00Z');
  const clock = () => now;
  const log = createLogger('silent');
  const sent: Array<{ by: string; n: unknown }> = [];
  let release: () => void = () => undefined;
  const inHand = new Promise<void>((resolve) => {
    release = resolve;
  });
  let started: () => void = () => undefined;
  const firstStarted = new Promise<void>((resolve) => {
    started = resolve;
  });

  // Process A: its first job blocks (a slow send) until the test lets it go.
  const a = createMailQueue({ db: database.db, clock, log, kick: false });
  a.on('note', async (job: MailJob) => {
    if (job.payload.n === 1) {
      started();
      await inHand;
    }
    sent.push({ by: 'a', n: job.payload.n });
  });
  const b = createMailQueue({ db: database.db, clock, log, kick: false });
  b.on('note', async (job: MailJob) => {
    sent.push({ by: 'b', n: job.payload.n });
  });
  for (const n of [1, 2, 3]) {
    await a.enqueue('mq', 'note', { n });
    now = new Date(now.getTime() + 1000);
  }

  const stopA = a.start(3_600_000);
  const working = a.drain();
  await firstStarted; // A has claimed all three and is sending the first
  const stopped = stopA();
  release();
  await stopped;
  await working;

  // The job in hand was sent and finished; the two not begun are due now, their attempt not counted.
  expect(sent).toEqual([{ by: 'a', n: 1 }]);
  const left = await database.admin.select().from(mailJobs);
  expect(left.map((j) => [(j.payload as { n: number }).n, j.attempts, j.runAfter.getTime() <= now.getTime()]).sort()).toEqual([
    [2, 0, true],
    [3, 0, true],
  ]);

  // Another process takes them at once (not after the lease); A sends nothing more.
  expect(await b.drain()).toBe(2);
  expect(await a.drain()).toBe(0);
  expect(sent.sort((x, y) => Number(x.n) - Number(y.n))).toEqual([
    { by: 'a', n: 1 },
    { by: 'b', n: 2 },
    { by: 'b', n: 3 },
  ]);
  expect(await database.admin.select().from(mailJobs)).toHaveLength(0);
});
