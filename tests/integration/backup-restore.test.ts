import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/base/config.ts';
import type { Database } from '#server/db/client.ts';
import { openDatabase } from '#server/db/open.ts';
import { accountPaymentMethods, paymentCustomers } from '#server/db/schema.ts';
import { inStore } from '#server/db/scope.ts';
import { createSandboxGateway } from '#server/platform/payments/sandbox-gateway.ts';
import { startPaymentSandbox } from '../../payment-sandbox/server.ts';
import { browserToken } from '../helpers/payment-sandbox.ts';
import { POSTGRES_SERVER, postgresUnreachable } from '../helpers/postgres-server.ts';
import { createEmptyPostgresDatabase } from '../helpers/test-db.ts';
import { createHarness } from './app-harness.ts';
import { browser, loginWithPassword, MIDORI_PASSWORD, seedMember, uniqueEmail } from './identity/support.ts';
import { buy, KAEDE, kaedeDoc } from './purchase/support.ts';

// Issue 21, point 8: a backup of each database mode (PostgreSQL: pg_dump, restored into an empty
// database; the embedded database: a copy of its folder), with the sandbox provider's state
// (<DATA_DIR>/payment-sandbox), restores a server that serves the same members, subscriptions and
// sessions. docs/operations.md, "Backup and restore", gives the same steps.

const run = promisify(execFile);
const SECRET = 'backup-test-sandbox-secret-0123456789ab';
const unreachable = await postgresUnreachable();
const noPgDump = await run('pg_dump', ['--version']).then(
  () => null,
  () => 'pg_dump is not on the PATH',
);
const skipPostgres = unreachable ?? noPgDump;
if (skipPostgres) console.warn(`backup-restore: PostgreSQL backup skipped: ${skipPostgres}`);

type Server = Awaited<ReturnType<typeof serverOver>>;

/** The app over `database` with the sandbox provider over `sandboxDir` (what boot starts, in-process). */
async function serverOver(database: Database, sandboxDir: string) {
  const sandbox = await startPaymentSandbox({ port: 0, host: '127.0.0.1', dataDir: sandboxDir, secret: SECRET, unref: true });
  const gateway = createSandboxGateway({ apiUrl: sandbox.url, publicUrl: sandbox.publicUrl, secret: SECRET });
  const h = await createHarness({}, undefined, { gateway, database });
  return {
    h,
    gateway,
    async close() {
      await h.close();
      await sandbox.close();
    },
  };
}

/** A kaede member who signed in, registered a card with the provider and bought the monthly plan. */
async function subscriber(s: Server) {
  await s.h.apply(kaedeDoc());
  const email = uniqueEmail('kaede');
  const account = await seedMember(s.h, 'kaede', { email, password: MIDORI_PASSWORD });
  const b = browser(s.h, KAEDE);
  expect((await loginWithPassword(b, email, MIDORI_PASSWORD)).status).toBe(200);
  const tok = await browserToken(s.gateway, 'kaede', { cardNumber: '4111111111111111' });
  if (!tok.ok) throw new Error(`token: ${tok.code}`);
  const customerRef = `cust-${account.id}`;
  const card = await s.gateway.registerCard({
    storeId: 'kaede',
    customerRef,
    token: tok.token,
    tokenKey: tok.tokenKey,
    idempotencyKey: 'reg-1',
  });
  if (!card.ok) throw new Error(`card: ${JSON.stringify(card)}`);
  const cardRef = card.value.cardRef;
  const methodId = await inStore('kaede', async () => {
    await s.h.database.db.insert(paymentCustomers).values({ storeId: 'kaede', accountId: account.id, customerRef });
    const [m] = await s.h.database.db
      .insert(accountPaymentMethods)
      .values({
        storeId: 'kaede',
        accountId: account.id,
        paymentMethodType: 'SbpsCredit',
        cardRef,
        cardBrand: 'V',
        last4: '1111',
        expireDate: '203012',
      })
      .returning();
    return m?.id as string;
  });
  const { purchase } = await buy(b, 'monthly', { paymentMethodId: methodId, surveyAnswers: [{ questionId: 'why', value: '映画' }] });
  expect(purchase?.status).toBe(200);
  const plans = (await b.screen('/mypage/plans')).body;
  expect(plans.contracted).toHaveLength(1);
  return { cookie: b.jar.header(), authId: await b.authId(), contracted: plans.contracted, customerRef, cardRef };
}

type Before = Awaited<ReturnType<typeof subscriber>>;

/** On the restored server: the same browser cookie is the same member, with the same subscription. */
async function expectSameMember(s: Server, before: Before) {
  const b = browser(s.h, KAEDE);
  for (const pair of before.cookie.split('; ')) {
    const at = pair.indexOf('=');
    b.jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  expect(await b.authId()).toBe(before.authId);
  expect((await b.screen('/mypage/plans')).body.contracted).toEqual(before.contracted);
}

/** A charge of the member's stored card: the provider knows it only if its state came back. */
const chargeCard = (s: Server, before: Before) =>
  s.gateway.authorize({
    storeId: 'kaede',
    customerRef: before.customerRef,
    source: { kind: 'card', cardRef: before.cardRef },
    amount: 500,
    orderRef: 'after-restore',
    description: 'monthly',
    idempotencyKey: 'after-restore-1',
    returnUrl: `http://${KAEDE}/return`,
  });

async function expectSameAfterRestore(s: Server, before: Before) {
  await expectSameMember(s, before);
  expect(await chargeCard(s, before)).toMatchObject({ ok: true, value: { status: 'authorized' } });
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'backup-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the embedded database: a copy of the stopped server DATA_DIR', () => {
  it('restores the same member, session, subscription and card', async () => {
    const dataDir = join(dir, 'data');
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const original = await serverOver(await openDatabase(config), join(dataDir, 'payment-sandbox'));
    const before = await subscriber(original);
    await original.close(); // the folder is copied while no server holds it

    const restoredDir = join(dir, 'restored');
    cpSync(dataDir, restoredDir, { recursive: true });
    rmSync(dataDir, { recursive: true, force: true }); // the original is gone: only the copy serves
    const restored = await serverOver(await openDatabase({ ...config, dataDir: restoredDir }), join(restoredDir, 'payment-sandbox'));
    try {
      await expectSameAfterRestore(restored, before);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('a sandbox provider over an empty folder does not know the card: its state is part of the backup', async () => {
    const dataDir = join(dir, 'data2');
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const original = await serverOver(await openDatabase(config), join(dataDir, 'payment-sandbox'));
    const before = await subscriber(original);
    await original.close();
    rmSync(join(dataDir, 'payment-sandbox'), { recursive: true, force: true });
    const without = await serverOver(await openDatabase(config), join(dataDir, 'payment-sandbox'));
    try {
      await expectSameMember(without, before);
      expect(await chargeCard(without, before)).toMatchObject({ ok: false });
    } finally {
      await without.close();
    }
  }, 120_000);
});

describe.skipIf(skipPostgres)('PostgreSQL: pg_dump, restored into an empty database', () => {
  it('restores the same member, session, subscription and card', async () => {
    const source = await createEmptyPostgresDatabase(POSTGRES_SERVER);
    const target = await createEmptyPostgresDatabase(POSTGRES_SERVER);
    try {
      const sandboxDir = join(dir, 'pg-data', 'payment-sandbox');
      const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: source.url, DATA_DIR: join(dir, 'pg-data') });
      const original = await serverOver(await openDatabase(config), sandboxDir);
      const before = await subscriber(original);
      const dump = join(dir, 'store.dump');
      // While the server runs: pg_dump reads one consistent snapshot.
      await run('pg_dump', ['--format=custom', `--file=${dump}`, source.url]);
      await original.close();
      const restoredSandbox = join(dir, 'pg-restored', 'payment-sandbox');
      cpSync(sandboxDir, restoredSandbox, { recursive: true });
      await source.drop();

      await run('pg_restore', ['--exit-on-error', `--dbname=${target.url}`, dump]);
      const restored = await serverOver(await openDatabase({ ...config, DATABASE_URL: target.url }), restoredSandbox);
      try {
        await expectSameAfterRestore(restored, before);
      } finally {
        await restored.close();
      }
    } finally {
      await source.drop();
      await target.drop();
    }
  }, 120_000);
});
