/**
 * `npm run bench -- billing`: the renewal figures of issue 10 on PostgreSQL (a scratch database).
 * A measurement, never a test. docs/benchmarks.md ("Billing") explains the method.
 *
 *   npm run bench -- billing [--count 100000] [--sample 2000] [--batch-size 1000] [--concurrency 64] [--lanes 2]
 *
 * Gateway: every authorize and capture is one real HTTP round trip over loopback (keep-alive) to
 * a separate process that answers at once, with idempotency kept in memory: the network cost of
 * the sandbox provider's calls, without the sandbox's own bookkeeping (its JSON-lines state file).
 * "Database time" is the same run with a gateway that answers without any I/O.
 */
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { storeSettings } from '#config-schema/store-settings.ts';
import { openPostgres } from '#server/db/client.ts';
import { acrossStores } from '#server/db/scope.ts';
import { createBillingEngine } from '#server/features/billing/engine.ts';
import { createSubscriptionWriter } from '#server/features/subscriptions/writer.ts';
import type { PaymentGateway } from '#server/platform/payments/gateway.ts';
import { createStoreRepo } from '#server/platform/stores/repo.ts';
import { applyStoreDocument } from '#server/platform/stores/service.ts';
import { tenantDoc } from '../helpers/tenant-factory.ts';
import { createScratchDatabase } from './postgres.ts';

const { values: flags } = parseArgs({
  args: process.argv.slice(3),
  options: {
    count: { type: 'string', default: '100000' },
    sample: { type: 'string', default: '2000' },
    'batch-size': { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '64' },
    lanes: { type: 'string', default: '2' },
  },
});
const COUNT = Number(flags.count);
const SAMPLE = Number(flags.sample);
const BATCH = Number(flags['batch-size']);
const CONCURRENCY = Number(flags.concurrency);
const LANES = Number(flags.lanes);
const out = (s: string) => process.stdout.write(`${s}\n`);
const STORE = 'bench-billing';

/** A gateway answering after `roundTrip()` (an HTTP call, or nothing), idempotent by key, counting charges. */
function benchGateway(roundTrip: () => Promise<void>) {
  const answers = new Map<string, unknown>();
  const state = { captures: 0 };
  let seq = 0;
  const once = async <T>(key: string, fn: () => T): Promise<T> => {
    await roundTrip();
    if (!answers.has(key)) answers.set(key, fn());
    return answers.get(key) as T;
  };
  const gateway = {
    name: 'bench',
    authorize: (i: { idempotencyKey: string }) =>
      once(i.idempotencyKey, () => ({ ok: true, value: { status: 'authorized', authorizationRef: `a${++seq}` } })),
    capture: (i: { idempotencyKey: string }) =>
      once(i.idempotencyKey, () => {
        state.captures++;
        return { ok: true, value: { chargeRef: `c${++seq}` } };
      }),
  } as unknown as PaymentGateway;
  return { gateway, state };
}

async function startEchoServer(): Promise<{ port: number; stop: () => void }> {
  const child = spawn(
    process.execPath,
    [
      '-e',
      "const s=require('http').createServer((q,r)=>{q.resume();q.on('end',()=>r.end('{}'))});s.keepAliveTimeout=60000;s.listen(0,'127.0.0.1',()=>console.log(s.address().port))",
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((done) => child.stdout.once('data', (d: Buffer) => done(Number(d.toString().trim()))));
  return { port, stop: () => child.kill() };
}

function httpRoundTrip(port: number): () => Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  return () =>
    new Promise((done, fail) => {
      const req = request(
        { host: '127.0.0.1', port, method: 'POST', path: '/v1/op', agent, headers: { 'content-type': 'application/json' } },
        (res) => {
          res.resume();
          res.on('end', () => done());
        },
      );
      req.on('error', fail);
      req.end('{"amount":1100}');
    });
}

/** `n` members with a card and a monthly contract due on `day`, set-wise. */
async function seed(db: Awaited<ReturnType<typeof openPostgres>>['db'], n: number, day: string) {
  await acrossStores(() =>
    db.transaction(async (tx) => {
      await tx.execute(sql`create temp table s on commit drop as
        select gen_random_uuid() as account_id, gen_random_uuid() as method_id from generate_series(1, ${n})`);
      await tx.execute(
        sql`insert into accounts (store_id, id, public_id, email) select ${STORE}, account_id, 'p' || account_id, account_id || '@bench.test' from s`,
      );
      await tx.execute(
        sql`insert into payment_customers (store_id, account_id, customer_ref) select ${STORE}, account_id, 'cus-' || account_id from s`,
      );
      await tx.execute(sql`insert into account_payment_methods (store_id, id, account_id, payment_method_type, card_ref, card_brand, last4, expire_date)
        select ${STORE}, method_id, account_id, 'SbpsCredit', 'card-' || method_id, 'V', '4242', '203012' from s`);
      await tx.execute(sql`insert into contracts (store_id, account_id, plan_id, order_id, status, price, payment_method, next_settlement_day, anchor_day, usable_until)
        select ${STORE}, account_id, 'monthly', gen_random_uuid(), 'NEW_CONTRACT', 1100, method_id::text, ${day}, ${Number(day.slice(8))}, ${day} from s`);
    }),
  );
}

/**
 * What autovacuum does between two monthly runs, as the tables' owner (the application's roles may
 * not vacuum or analyze them, and this machine's PostgreSQL runs without autovacuum): fresh
 * statistics (without them, plans made while a table was small stay cached, such as the foreign-key
 * checks' seq scans of a few-row contracts table; decision 0025) and the previous run's dead row
 * versions cleared (a month passes between two renewals of a contract).
 */
async function autovacuum(url: string) {
  const owner = new pg.Client({ connectionString: url });
  await owner.connect();
  try {
    await owner.query('vacuum (analyze)');
  } finally {
    await owner.end();
  }
}

/**
 * The time of each kind of statement (sent until answered, per call of the pg client), while
 * `profile.on`: the figures that depend least on how busy the machine is.
 */
const profile = { on: false, stats: new Map<string, { n: number; ms: number }>() };
const STATEMENTS: [string, RegExp][] = [
  ['claim (lock due contracts, join their methods)', /^with due as/i],
  ['update contracts', /^update "contracts"/i],
  ['insert billing_attempts', /^insert into "billing_attempts"/i],
  ['insert earnings', /^insert into "earnings"/i],
  ['insert mail_jobs', /^insert into "mail_jobs"/i],
  ['begin, scope, commit', /^(begin|commit|select set_config)/i],
];
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function timedQuery(this: pg.Client, ...args: unknown[]) {
  const result = query.apply(this, args);
  if (!profile.on || !(result instanceof Promise)) return result;
  const text = String(typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string })?.text ?? '')).trim();
  const label = STATEMENTS.find(([, re]) => re.test(text))?.[0] ?? `other: ${text.slice(0, 40)}`;
  const t0 = performance.now();
  const count = () => {
    const s = profile.stats.get(label) ?? { n: 0, ms: 0 };
    s.n++;
    s.ms += performance.now() - t0;
    profile.stats.set(label, s);
  };
  result.then(count, count);
  return result;
} as never;

const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const scratch = await createScratchDatabase();
  if (!scratch) {
    out('billing bench: no PostgreSQL server answers (DATABASE_URL or postgres://postgres@127.0.0.1:5432); skipped');
    return;
  }
  const database = await openPostgres(scratch.url, { poolSize: 8 });
  const echo = await startEchoServer();
  try {
    await database.migrate(join(import.meta.dirname, '../../server/db/migrations'));
    const doc = tenantDoc(STORE, {
      paymentMethods: ['SbpsCredit'],
      plans: [{ planId: 'monthly', planType: 'subscription', planName: { ja: '月額', en: 'Monthly' }, price: 1100 }],
    });
    const applied = await applyStoreDocument(createStoreRepo(database.db), doc);
    if (!applied.ok) throw new Error(JSON.stringify(applied));
    const plans = storeSettings.parse(doc).plans;
    const writer = createSubscriptionWriter(database.db);
    const engineWith = (gateway: PaymentGateway) => createBillingEngine({ db: database.db, gateway, writer, plansOf: async () => plans });
    const http = () => benchGateway(httpRoundTrip(echo.port));
    const timed = async <T>(fn: () => Promise<T>) => {
      const t0 = performance.now();
      const r = await fn();
      return { r, ms: performance.now() - t0 };
    };
    out(
      `billing bench: PostgreSQL, ${COUNT.toLocaleString()} due monthly subscriptions, batch ${BATCH}, ${CONCURRENCY} gateway calls in flight per batch, ${LANES} batches at once`,
    );

    // 1. One at a time, on a sample: one transaction, one claim, one charge per subscription.
    let t = await timed(async () => {
      await seed(database.db, SAMPLE, '2027-01-05');
      await autovacuum(scratch.url);
    });
    out(`  seeded the ${SAMPLE.toLocaleString()} sample in ${secs(t.ms)}`);
    const single = http();
    const one = await timed(() =>
      engineWith(single.gateway).runBilling({ at: new Date('2027-01-05T09:00:00+09:00'), batchSize: 1, concurrency: 1, lanes: 1 }),
    );
    const oneRate = one.r.renewed / (one.ms / 1000);
    out(
      `  one at a time: ${one.r.renewed.toLocaleString()} in ${secs(one.ms)} = ${oneRate.toFixed(0)}/s; 100,000 would take ~${secs((COUNT / oneRate) * 1000)} (extrapolated)`,
    );

    // 2. Set-wise, the HTTP gateway, one worker.
    t = await timed(async () => {
      await seed(database.db, COUNT, '2027-01-10');
      await autovacuum(scratch.url);
    });
    out(`  seeded ${COUNT.toLocaleString()} in ${secs(t.ms)}`);
    const main1 = http();
    const run = await timed(() =>
      engineWith(main1.gateway).runBilling({
        at: new Date('2027-01-10T09:00:00+09:00'),
        batchSize: BATCH,
        concurrency: CONCURRENCY,
        lanes: LANES,
      }),
    );
    const rate = run.r.renewed / (run.ms / 1000);
    out(
      `  set-wise: ${run.r.renewed.toLocaleString()} renewed in ${secs(run.ms)} = ${rate.toFixed(0)}/s, ${run.r.batches} batches, ${main1.state.captures.toLocaleString()} charges`,
    );
    out(`  ratio to one at a time: ${(rate / oneRate).toFixed(1)}x`);
    const again = await timed(() => engineWith(main1.gateway).runBilling({ at: new Date('2027-01-10T09:00:00+09:00'), batchSize: BATCH }));
    out(`  the same run again: ${again.r.renewed} renewed, ${main1.state.captures - run.r.renewed} extra charges, ${secs(again.ms)}`);

    // 3. Database time: the next month's renewal of the same subscriptions, gateway without I/O.
    await autovacuum(scratch.url);
    const instant = benchGateway(async () => undefined);
    profile.on = true;
    const dbRun = await timed(() =>
      engineWith(instant.gateway).runBilling({
        at: new Date('2027-02-10T09:00:00+09:00'),
        batchSize: BATCH,
        concurrency: CONCURRENCY,
        lanes: LANES,
      }),
    );
    profile.on = false;
    out(
      `  database time (gateway without I/O): ${dbRun.r.renewed.toLocaleString()} in ${secs(dbRun.ms)} = ${(dbRun.r.renewed / (dbRun.ms / 1000)).toFixed(0)}/s`,
    );
    const statementMs = [...profile.stats.values()].reduce((a, s) => a + s.ms, 0);
    out(`    statements, sent to answered, summed over the batches in flight: ${secs(statementMs)}`);
    for (const [label, s] of [...profile.stats].sort((a, b) => b[1].ms - a[1].ms)) {
      out(`    ${label}: ${s.n} x ${(s.ms / s.n).toFixed(1)} ms = ${secs(s.ms)}`);
    }

    // 4. Two workers at once (the month after; the sample is due again too): each subscription charged once, shared between them.
    await autovacuum(scratch.url);
    const shared = http();
    const two = await timed(() =>
      Promise.all(
        [0, 1].map(() =>
          engineWith(shared.gateway).runBilling({
            at: new Date('2027-03-10T09:00:00+09:00'),
            batchSize: BATCH,
            concurrency: CONCURRENCY,
            lanes: LANES,
          }),
        ),
      ),
    );
    const [a, b] = two.r;
    out(
      `  two workers at once: ${a?.renewed.toLocaleString()} + ${b?.renewed.toLocaleString()} renewed in ${secs(two.ms)}, ${shared.state.captures.toLocaleString()} charges (${shared.state.captures - ((a?.renewed ?? 0) + (b?.renewed ?? 0))} beyond one per renewal)`,
    );
    const check = await acrossStores(() =>
      database.db.execute(
        sql`select count(*)::int as n, count(*) filter (where period_no = 3)::int as three from contracts where next_settlement_day = '2027-04-10'`,
      ),
    );
    out(`  contracts renewed three times: ${JSON.stringify((check as unknown as { rows: unknown[] }).rows[0])}`);
  } finally {
    echo.stop();
    await database.close();
    await scratch.drop();
  }
}

await main();
process.exit(0);
