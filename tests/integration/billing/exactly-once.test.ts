// Exactly once under concurrency (PostgreSQL only: PGlite has one connection, nothing overlaps):
// two billing runs at once, and a CLI worker killed with SIGKILL in the middle of a run, then run
// again. The sandbox provider (real HTTP, idempotent by key) counts the charges.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '#server/db/client.ts';
import { startTestSandbox, type TestSandbox } from '../../helpers/payment-sandbox.ts';
import { createEmptyPostgresDatabase } from '../../helpers/test-db.ts';
import { contractRows, counts, engineOver, PLANS, registerSandboxCards, STORE, seedContracts, seedStores } from './support.ts';

const url = process.env.DATABASE_URL;
const ROOT = resolve(import.meta.dirname, '../../..');
let sandbox: TestSandbox;
let empty: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
let database: Database;

const charges = () => sandbox.sandbox.state.values<{ amount: number; authorizationRef: string }>('charges');

describe.skipIf(!url)('billing exactly once on PostgreSQL', () => {
  beforeAll(async () => {
    sandbox = await startTestSandbox();
    empty = await createEmptyPostgresDatabase(url as string);
    database = await openPostgres(empty.url, { poolSize: 6 });
    await database.migrate(resolve(ROOT, 'server/db/migrations'));
    await seedStores(database.db, [STORE]);
  });
  afterAll(async () => {
    await database?.close();
    await empty?.drop();
    await sandbox?.close();
  });

  it('two runs at once renew each due contract once', async () => {
    const ids = await seedContracts(
      database.db,
      Array.from({ length: 40 }, () => ({ nextSettlementDay: '2027-01-10' })),
    );
    await registerSandboxCards(database.db, sandbox, STORE, ids);
    const before = charges().length;
    const engine = () => engineOver(database.db, sandbox.gateway, { [STORE]: PLANS });
    const at = new Date('2027-01-10T09:00:00+09:00');
    const [a, b] = await Promise.all([engine().runBilling({ at, batchSize: 4 }), engine().runBilling({ at, batchSize: 4 })]);
    expect(a.renewed + b.renewed).toBe(40);
    // Both really worked (SKIP LOCKED shared the contracts between them).
    expect(a.renewed).toBeGreaterThan(0);
    expect(b.renewed).toBeGreaterThan(0);
    expect(charges().length - before).toBe(40);
    const rows = await contractRows(database.db);
    for (const id of ids) expect(rows.get(id)).toMatchObject({ period_no: 1, next_settlement_day: '2027-02-10' });
    expect((await counts(database.db)).mismatched).toBe(0);
  });

  it('a worker killed in the middle of a run loses nothing and charges nothing twice when run again', async () => {
    const ids = await seedContracts(
      database.db,
      Array.from({ length: 30 }, () => ({ nextSettlementDay: '2027-01-20' })),
    );
    await registerSandboxCards(database.db, sandbox, STORE, ids);
    const before = charges().length;
    const env = {
      ...process.env,
      DATABASE_URL: empty.url,
      PAYMENT_SANDBOX: 'false',
      PAYMENT_PROVIDER_URL: sandbox.sandbox.url,
      PAYMENT_PROVIDER_PUBLIC_URL: sandbox.sandbox.publicUrl,
      PAYMENT_SANDBOX_SECRET: sandbox.secret,
      LOG_LEVEL: 'silent',
    };
    const args = [
      resolve(ROOT, 'scripts/billing.ts'),
      'run',
      '--at',
      '2027-01-20T09:00:00+09:00',
      '--batch-size',
      '5',
      '--concurrency',
      '2',
    ];
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<NodeJS.Signals | null>((done) => child.on('exit', (_code, signal) => done(signal)));
    // After the first batch is committed, the next capture is made at the provider but answered
    // slowly: the worker dies between a charge the provider made and the database recording it.
    await new Promise<void>((done, fail) => {
      let err = '';
      child.stderr.on('data', (d: Buffer) => {
        err += d.toString();
        if (err.includes('batch 1:')) {
          sandbox.sandbox.injectFault({ kind: 'delay', path: 'captures', ms: 2_000 });
          setTimeout(() => {
            child.kill('SIGKILL');
            done();
          }, 300);
        }
      });
      child.on('exit', () => fail(new Error(`the worker ended before it was killed: ${err}`)));
    });
    expect(await exited).toBe('SIGKILL');
    const mid = await contractRows(database.db);
    const renewedBefore = ids.filter((id) => mid.get(id)?.period_no === 1).length;
    expect(renewedBefore).toBeGreaterThanOrEqual(5);
    expect(renewedBefore).toBeLessThan(30);

    // Run again (in this process): the rest is renewed; the charge made before the kill is found by its key.
    const again = await engineOver(database.db, sandbox.gateway, { [STORE]: PLANS }).runBilling({
      at: new Date('2027-01-20T09:00:00+09:00'),
    });
    expect(again.renewed).toBe(30 - renewedBefore);
    const rows = await contractRows(database.db);
    for (const id of ids) expect(rows.get(id)).toMatchObject({ period_no: 1, next_settlement_day: '2027-02-20' });
    expect(charges().length - before).toBe(30);
    expect((await counts(database.db)).mismatched).toBe(0);
  }, 30_000);
});
