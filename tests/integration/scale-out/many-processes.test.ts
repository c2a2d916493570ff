// Issue 21, "Many processes, proven": three production server processes (the built dist/) on one
// PostgreSQL database behind HAProxy, under a steady 100 requests/s of guest and member traffic,
// restarted one at a time (SIGTERM, start again): no request fails, no member is signed out, a
// store document applied in the middle reaches all three within 1 s (LISTEN/NOTIFY), and the
// billing job running in all three charges each due subscription exactly once. Then the same
// through PgBouncer in transaction pooling mode, shorter. Decision 0043; docs/operations.md,
// "Scale-out" and "Behind a connection pooler".
//
// In `npm test` this file runs alone after the other suites (scripts/test.ts, SCALE_TEST=1) and
// serves the build the run made first.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '#server/db/client.ts';
import { migrationsFolder } from '#server/db/open.ts';
import { acrossStores, inStore } from '#server/db/scope.ts';
import { createStoreRepo } from '#server/platform/stores/repo.ts';
import { applyStoreDocument } from '#server/platform/stores/service.ts';
import { startTestSandbox, type TestSandbox } from '../../helpers/payment-sandbox.ts';
import { POSTGRES_SERVER, postgresUnreachable } from '../../helpers/postgres-server.ts';
import { createEmptyPostgresDatabase } from '../../helpers/test-db.ts';
import { createHarness } from '../app-harness.ts';
import { STORE as BILLING_STORE, counts, registerSandboxCards, seedContracts, seedStores } from '../billing/support.ts';
import { browser, loginWithPassword, MIDORI_PASSWORD, seedMember, uniqueEmail } from '../identity/support.ts';
import { KAEDE, kaedeDoc } from '../purchase/support.ts';
import {
  closeClient,
  freePort,
  get,
  killAll,
  missingBuild,
  missingProgram,
  ROOT,
  ServerProcess,
  sleep,
  startHaproxy,
  startPgbouncer,
} from './processes.ts';

// It needs the machine to itself: `npm test` runs it alone, after the other suites, with SCALE_TEST=1.
const skip =
  process.env.SCALE_TEST !== '1'
    ? 'runs alone at the end of npm test (SCALE_TEST=1)'
    : ((await postgresUnreachable()) ?? missingProgram('haproxy') ?? missingBuild());
if (skip) console.warn(`many-processes: skipped: ${skip}`);
const noPgbouncer = skip ?? missingProgram('pgbouncer', '--version');
if (!skip && noPgbouncer) console.warn(`many-processes: the PgBouncer run skipped: ${noPgbouncer}`);

const RATE = 100; // requests a second, sent whether or not earlier ones have answered
// A slow answer is not a failed one: this machine runs the whole suite at once. HAProxy's own
// server timeout (30 s) would answer 504 before this.
const ANSWER_TIMEOUT_MS = 60_000;
// > HAProxy's check interval (500 ms) x fall (1) + a check's answer, which a busy process (and
// this machine, shared by the whole suite) may take a second or two to give.
const DRAIN_MS = 3_000;
const MEMBERS = 12;
const DUE_PER_BATCH = 30;

type Member = { cookie: string; authId: string };

const percentiles = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
};

/** Today in Japan (the billing run's calendar), and a later day. */
const jstDay = (offsetDays = 0) => new Date(Date.now() + 9 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(skip)('three server processes behind HAProxy, restarted one at a time under load', () => {
  let empty: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let database: Database;
  let sandbox: TestSandbox;
  let members: Member[] = [];
  const dataDirs: string[] = [];

  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase(POSTGRES_SERVER);
    database = await openPostgres(empty.url, { poolSize: 4 });
    await database.migrate(migrationsFolder(ROOT));
    sandbox = await startTestSandbox();
    // A store with members who signed in (their sessions are rows of the database), and the
    // billing test's store, whose subscriptions fall due during the run.
    const h = await createHarness({}, undefined, { gateway: sandbox.gateway, database: { ...database, close: async () => {} } });
    await h.apply(kaedeDoc());
    for (let i = 0; i < MEMBERS; i++) {
      const email = uniqueEmail('scale');
      await seedMember(h, 'kaede', { email, password: MIDORI_PASSWORD });
      const b = browser(h, KAEDE);
      expect((await loginWithPassword(b, email, MIDORI_PASSWORD)).status).toBe(200);
      members.push({ cookie: b.jar.header(), authId: await b.authId() });
    }
    await h.close();
    await seedStores(database.db, [BILLING_STORE]);
  }, 120_000);

  afterAll(async () => {
    // A run that timed out left its processes running: they go before their database does.
    killAll();
    closeClient();
    await database?.close();
    await empty?.drop();
    await sandbox?.close();
    for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
    members = [];
  });

  /** Subscriptions with a card at the sandbox provider, not yet due; due() makes them due today. */
  async function subscriptions(n: number) {
    const ids = await seedContracts(
      database.db,
      Array.from({ length: n }, () => ({ storeId: BILLING_STORE, nextSettlementDay: jstDay(20) })),
    );
    await registerSandboxCards(database.db, sandbox, BILLING_STORE, ids);
    return {
      ids,
      due: () =>
        acrossStores(() =>
          database.db.execute(sql`update contracts set next_settlement_day = ${jstDay()} where id = any(${`{${ids.join(',')}}`}::uuid[])`),
        ),
    };
  }

  /**
   * The run: three processes (over `appUrl`, and `direct` for what is session state), HAProxy in
   * front, `seconds` of load, the three restarted one after another, a store document applied
   * between the second and third restarts, three batches of subscriptions falling due.
   */
  async function scaleRun(opts: { seconds: number; appUrl: string; directUrl?: string }) {
    const ms = opts.seconds * 1_000;
    const ports = [await freePort(), await freePort(), await freePort()];
    const balancerPort = await freePort();
    const servers = ports.map((port, i) => {
      const dataDir = mkdtempSync(join(tmpdir(), `scale-app${i + 1}-`));
      dataDirs.push(dataDir);
      return new ServerProcess(`app${i + 1}`, port, {
        DATABASE_URL: opts.appUrl,
        ...(opts.directUrl ? { DIRECT_DATABASE_URL: opts.directUrl } : {}),
        DATA_DIR: dataDir,
        MIGRATE_ON_START: 'false',
        SEED_DEMO_STORES: 'false',
        TRUST_PROXY: 'true',
        ID_SANDBOX: 'false',
        PAYMENT_SANDBOX: 'false',
        PAYMENT_PROVIDER_URL: sandbox.origin,
        PAYMENT_PROVIDER_PUBLIC_URL: sandbox.origin,
        PAYMENT_SANDBOX_SECRET: sandbox.secret,
        BILLING_INTERVAL_MS: '1000',
        BILLING_BATCH_SIZE: '4',
        SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
        LOG_LEVEL: 'warn',
      });
    });
    const batches = [await subscriptions(DUE_PER_BATCH), await subscriptions(DUE_PER_BATCH), await subscriptions(DUE_PER_BATCH)];
    const chargesBefore = sandbox.sandbox.state.values('charges').length;
    const renewedBefore = (await counts(database.db)).earnings;

    await Promise.all(servers.map((s) => s.start()));
    const balancer = await startHaproxy(balancerPort, ports);
    try {
      // Steady load through the balancer: guests on three pages, members on their data and My Page.
      const sent = { guest: 0, member: 0 };
      const failures: string[] = [];
      const inFlight = new Set<Promise<void>>();
      const latencies: number[] = [];
      // With the time in the run, to read a failure against the restarts' times.
      const fail = (what: string) => void failures.push(`${what} at ${((Date.now() - started) / 1_000).toFixed(1)} s`);
      const one = (i: number) => {
        const member = members[i % members.length] as Member;
        // Of 20 requests: 12 guests' pages, 7 members' data (who am I, as every page of theirs
        // asks), 1 member's My Page rendered.
        const kind = i % 20;
        const sentAt = Date.now();
        const check = async () => {
          if (kind < 12) {
            sent.guest++;
            const path = ['/', '/plans', '/login'][i % 3] as string;
            const a = await get(balancerPort, KAEDE, path, {}, ANSWER_TIMEOUT_MS);
            if (a.status !== 200) fail(`guest ${path}: ${a.status}`);
          } else if (kind < 19) {
            sent.member++;
            const a = await get(balancerPort, KAEDE, '/zapi/internal/root/screen-data', { cookie: member.cookie }, ANSWER_TIMEOUT_MS);
            const authId = a.status === 200 ? (JSON.parse(a.body) as { authId?: string }).authId : undefined;
            if (authId !== member.authId) fail(`member screen-data: ${a.status} authId ${JSON.stringify(authId)}`);
          } else {
            sent.member++;
            const a = await get(balancerPort, KAEDE, '/mypage', { cookie: member.cookie }, ANSWER_TIMEOUT_MS);
            if (a.status !== 200) fail(`member /mypage: ${a.status} ${a.headers.location ?? ''}`);
          }
        };
        const p = check()
          .then(() => void latencies.push(Date.now() - sentAt))
          .catch((err: Error) => fail(`request ${i}: ${err.message}`))
          .finally(() => inFlight.delete(p));
        inFlight.add(p);
      };
      const started = Date.now();
      const restarts: { name: string; exit: number | null; at: number; seconds: number }[] = [];
      let n = 0;
      const load = setInterval(() => {
        // Catch up to the schedule (a busy event loop fires late): RATE a second, on average.
        const due = Math.floor(((Date.now() - started) * RATE) / 1_000);
        while (n < due && (Date.now() - started < ms || restarts.length < servers.length)) one(n++);
      }, 5);

      const at = (fraction: number) => sleep(Math.max(0, started + fraction * ms - Date.now()));
      const restart = async (s: ServerProcess) => {
        const t = Date.now();
        const exit = await s.stop();
        await s.start();
        restarts.push({ name: s.name, exit, at: (t - started) / 1_000, seconds: (Date.now() - t) / 1_000 });
      };
      let documentMs = Number.NaN;
      let documentPerProcess: { sentMs: number; answeredMs: number }[] = [];
      const applyDocument = async () => {
        const name = `かえで ${Date.now()}`;
        const applied = await applyStoreDocument(createStoreRepo(database.db), kaedeDoc({ serviceName: name }));
        if (!applied.ok) throw new Error(JSON.stringify(applied));
        const t = Date.now();
        // Each process directly, as a guest would see it (no cache-busting header): a request sent
        // every 50 ms, without waiting for the earlier ones' answers. A process has it once a
        // request sent at that time answers with the new name (its answer may come later on a
        // busy machine: the time an answer took is the load's, not the document's).
        const reached = await Promise.all(
          servers.map(
            (s) =>
              new Promise<{ sentMs: number; answeredMs: number }>((resolve) => {
                let done = false;
                const probe = setInterval(() => {
                  const sentMs = Date.now() - t;
                  if (done || sentMs > 10_000) {
                    clearInterval(probe);
                    if (!done) resolve({ sentMs: Number.POSITIVE_INFINITY, answeredMs: Number.POSITIVE_INFINITY });
                    done = true;
                    return;
                  }
                  void get(s.port, KAEDE, '/login', {}, 60_000).then(
                    (a) => {
                      if (done || !a.body.includes(name)) return;
                      done = true;
                      clearInterval(probe);
                      resolve({ sentMs, answeredMs: Date.now() - t });
                    },
                    () => {},
                  );
                }, 50);
              }),
          ),
        );
        documentPerProcess = reached;
        documentMs = Math.max(...reached.map((r) => r.sentMs));
      };

      await at(0.1);
      await batches[0]?.due();
      await restart(servers[0] as ServerProcess);
      await at(0.35);
      await batches[1]?.due();
      await restart(servers[1] as ServerProcess);
      await at(0.55);
      await applyDocument();
      await at(0.65);
      await batches[2]?.due();
      await restart(servers[2] as ServerProcess);
      await at(1);
      // A slow restart can end past the 60 s: the load runs until the last one is back.
      clearInterval(load);
      const loadSeconds = (Date.now() - started) / 1_000;
      await Promise.all(inFlight);

      // Every due subscription renewed, then counted once at the provider and once in the books.
      const dueCount = DUE_PER_BATCH * batches.length;
      const deadline = Date.now() + 20_000;
      let renewed = 0;
      while (Date.now() < deadline) {
        renewed = (await counts(database.db)).earnings - renewedBefore;
        if (renewed >= dueCount) break;
        await sleep(200);
      }
      await sleep(1_500); // one more billing tick in each process: nothing may be charged twice
      const after = await counts(database.db);
      const charges = sandbox.sandbox.state.values('charges').length - chargesBefore;

      // No member was signed out: each one is still themselves on each process.
      const signedOut: string[] = [];
      for (const s of servers) {
        for (const m of members) {
          const a = await get(s.port, KAEDE, '/zapi/internal/root/screen-data', { cookie: m.cookie });
          if ((JSON.parse(a.body) as { authId?: string }).authId !== m.authId) signedOut.push(`${s.name}: ${m.authId}`);
        }
      }
      const figures = {
        requests: sent.guest + sent.member,
        guest: sent.guest,
        member: sent.member,
        failures: failures.length,
        seconds: loadSeconds,
        answerMs: percentiles(latencies),
        restarts,
        documentMs,
        documentPerProcess,
        due: dueCount,
        renewed: after.earnings - renewedBefore,
        charges,
      };
      if (failures.length > 0) {
        const bySecond = new Map<string, number>();
        for (const f of failures) {
          const key = `${f.replace(/^(\S+ \S+).* at (\d+)\.\d s$/, '$2 s $1')}`;
          bySecond.set(key, (bySecond.get(key) ?? 0) + 1);
        }
        console.info(`failures by second: ${JSON.stringify([...bySecond])}\nbalancer: ${balancer.output.join('').slice(-3000)}`);
      }
      console.info(`many-processes (${opts.directUrl ? 'PgBouncer' : 'direct'}): ${JSON.stringify(figures)}`);
      expect(failures.slice(0, 20)).toEqual([]);
      expect(figures.requests).toBeGreaterThanOrEqual(RATE * opts.seconds * 0.95);
      expect(restarts.map((r) => r.exit)).toEqual([0, 0, 0]);
      expect(documentMs).toBeLessThanOrEqual(1_000);
      expect(signedOut).toEqual([]);
      expect(figures.renewed).toBe(dueCount);
      expect(charges).toBe(dueCount);
      expect(after.mismatched).toBe(0);
    } finally {
      await balancer.stop();
      await Promise.all(servers.map((s) => s.stop()));
      for (const s of servers) s.kill();
    }
  }

  it(`60 s of ${RATE} requests/s, each process restarted once: nothing fails, nothing is lost or done twice`, async () => {
    await scaleRun({ seconds: 60, appUrl: empty.url });
  }, 300_000);

  it.skipIf(noPgbouncer)(
    'the same, shorter, through PgBouncer in transaction pooling mode',
    async () => {
      const port = await freePort();
      const bouncer = await startPgbouncer(port, empty.url);
      try {
        const pooled = new URL(empty.url);
        pooled.port = String(port);
        // Through the pooler each transaction takes the application's role itself: row-level
        // security applies (the login user here is PostgreSQL's superuser, which it would not).
        const through = await openPostgres(pooled.toString(), { poolSize: 2, directUrl: empty.url });
        try {
          const who = async () =>
            ((await through.db.execute(sql`select current_user as u`)) as unknown as { rows: { u: string }[] }).rows[0]?.u;
          expect(await who()).toBe('store_app');
          expect(await inStore('kaede', who)).toBe('store_app');
          expect(await acrossStores(who)).toBe('store_worker');
          const visible = await inStore('kaede', () => through.db.execute(sql`select distinct store_id from contracts`));
          expect((visible as unknown as { rows: unknown[] }).rows).toEqual([]);
        } finally {
          await through.close();
        }
        await scaleRun({ seconds: 20, appUrl: pooled.toString(), directUrl: empty.url });
      } finally {
        await bouncer.stop();
      }
    },
    300_000,
  );
});
