/**
 * `npm run support` (issue 23 point 7, decision 0051) through the real command, over a real store
 * with a member who bought a subscription through the purchase calls. The commands run in-process
 * through runSupportCli; the first mode is the running embedded server's (the command asks the
 * admin door that admin.json names, and the server's own services do the work, its mail worker
 * sends); with DATABASE_URL the same store is asked directly on PostgreSQL too (the command's own
 * desk, plain Node). One child process proves the entry point, its exit code and that the
 * command's import graph loads in plain Node.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFilePath } from '#server/db/admin-file.ts';
import { openPostgres } from '#server/db/client.ts';
import { contracts, earnings, supportAudit } from '#server/db/schema.ts';
import { inStore } from '#server/db/scope.ts';
import { supportAdminRoutes } from '#server/features/support/admin-routes.ts';
import { type AdminDoor, adminApp, openAdminDoor } from '#server/platform/http/admin-door.ts';
import { runSupportCli } from '../../scripts/support/run.ts';
import { createEmptyPostgresDatabase } from '../helpers/test-db.ts';
import { createHarness } from './app-harness.ts';
import { browser, codeIn, type Harness, mailsTo, movableClock } from './identity/support.ts';
import { createFakeGateway } from './purchase/fake-gateway.ts';
import { buy, KAEDE, kaedeDoc, memberWithCard } from './purchase/support.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const PG_URL = process.env.DATABASE_URL;
const MIGRATIONS = join(ROOT, 'server', 'db', 'migrations');
const { DATABASE_URL: _dropped, ...inherited } = process.env;
const baseEnv = { ...inherited, SEED_DEMO_STORES: 'false', LOG_LEVEL: 'silent', LC_ALL: 'C' };

type Run = { code: number; stdout: string; stderr: string };

const fake = createFakeGateway();
const clock = movableClock(new Date('2026-11-25T03:00:00Z'));
let h: Harness;
let door: AdminDoor;
let dataDir: string;
let pg: { url: string; drop(): Promise<void> } | null = null;
let m: Awaited<ReturnType<typeof memberWithCard>> & { contractId: string; orderId: string; paymentId: string };

beforeAll(async () => {
  // On PostgreSQL the harness gets a database of its own whose URL the direct mode can be given.
  if (PG_URL) {
    const empty = await createEmptyPostgresDatabase(PG_URL);
    const database = await openPostgres(empty.url, { poolSize: 4 });
    await database.migrate(MIGRATIONS);
    pg = { url: empty.url, drop: empty.drop };
    h = await createHarness({}, clock.now, { gateway: fake.gateway, database });
  } else {
    h = await createHarness({}, clock.now, { gateway: fake.gateway });
  }
  await h.apply(kaedeDoc());
  const member = await memberWithCard(h, KAEDE, 'kaede');
  const { purchase } = await buy(member.b, 'monthly', {
    paymentMethodId: member.methodId,
    surveyAnswers: [{ questionId: 'why', value: '映画' }],
  });
  expect(purchase?.status).toBe(200);
  const [c] = await h.database.admin.select().from(contracts).where(eq(contracts.accountId, member.accountId));
  const [p] = await h.database.admin.select().from(earnings).where(eq(earnings.accountId, member.accountId));
  if (!c || !p?.orderId) throw new Error('no subscription');
  m = { ...member, contractId: c.id, orderId: p.orderId, paymentId: p.id };
  // A login code mailed to the member (its text holds the code, which support never shows).
  await browser(h, KAEDE).post('/login/code', { emailUserId: member.email });
  // Sent now, not by a worker still busy with it when the first command asks (PGlite is one session).
  await h.drainMail();
  // The running server as the support command sees it: the admin door over the harness's services.
  dataDir = mkdtempSync(join(tmpdir(), 'support-cli-'));
  const token = randomBytes(32).toString('base64url');
  door = await openAdminDoor(adminApp(token, [supportAdminRoutes(h.services.support)]));
  writeFileSync(adminFilePath(dataDir), JSON.stringify({ pid: process.pid, http: { port: door.port, token } }), { mode: 0o600 });
}, 180_000);

afterAll(async () => {
  await door?.close(0);
  await h?.close();
  await pg?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The command in this process, asking the running server (the door of admin.json). */
async function support(args: string[], env: Record<string, string> = {}): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runSupportCli(
    args,
    { out: (line) => (stdout += `${line}\n`), err: (line) => (stderr += `${line}\n`) },
    { ...baseEnv, DATA_DIR: dataDir, ...env },
  );
  return { code, stdout, stderr };
}

const STORE = ['--store', 'kaede', '--actor', 'hanako'];

/** The newest audit rows of kaede. */
async function audit(limit = 1) {
  return h.database.admin.select().from(supportAudit).where(eq(supportAudit.storeId, 'kaede')).orderBy(desc(supportAudit.at)).limit(limit);
}

describe('usage (no database)', () => {
  it('refuses a command without --store, an unknown option, and a refund without a reason, with exit code 2', async () => {
    expect((await support(['find', 'a@example.jp'])).code).toBe(2);
    expect((await support(['find', 'a@example.jp', '--store', 'kaede', '--bogus'])).code).toBe(2);
    const refund = await support(['refund', 'a@example.jp', 'x', ...STORE]);
    expect(refund).toMatchObject({ code: 2 });
    expect(refund.stderr).toContain('refund needs --reason');
    expect((await support(['refund', 'a@example.jp', 'x', '--reason', 'r', '--amount', '-5', ...STORE])).code).toBe(2);
    expect((await support(['sales', '2026-13', ...STORE])).code).toBe(2);
  });
});

describe('the running server does the work (admin door)', () => {
  it('finds the member by e-mail and by account id, and writes who asked to the audit trail', async () => {
    const run = await support(['find', m.email, ...STORE]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(m.email);
    expect(run.stderr).toMatch(/^database: the running server's PGlite/);
    const [row] = await audit();
    expect(row).toMatchObject({ actor: 'hanako', action: 'find', accountId: m.accountId, params: { key: m.email }, result: 'ok' });
    const json = await support(['find', m.accountId, ...STORE, '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ accountId: m.accountId, email: m.email });
  });

  it('says a member is not found (exit 1, in Japanese for a Japanese locale) and records the miss', async () => {
    const run = await support(['find', 'nobody@example.jp', ...STORE], { LC_ALL: 'ja_JP.UTF-8' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('見つかりません: ストア kaede に「nobody@example.jp」に当たる会員はいません');
    expect((await audit())[0]).toMatchObject({ action: 'find', accountId: null, result: 'MEMBER_NOT_FOUND' });
  });

  it("shows the account, subscription, order, payment, logins and mails, never a mail's body or code", async () => {
    const [codeMail] = await mailsTo(h, m.email, 'authCode');
    if (!codeMail) throw new Error('no code mail');
    const code = codeIn(codeMail.text);
    const run = await support(['show', m.email, ...STORE, '--json']);
    expect(run.code).toBe(0);
    const shown = JSON.parse(run.stdout);
    expect(shown.subscriptions).toMatchObject([{ contractId: m.contractId, planId: 'monthly' }]);
    expect(shown.orders).toMatchObject([{ orderId: m.orderId, status: 'completed' }]);
    expect(shown.payments).toMatchObject([{ paymentId: m.paymentId, orderId: m.orderId }]);
    expect(shown.logins.length).toBeGreaterThan(0);
    expect(shown.mails.map((x: { kind: string }) => x.kind)).toContain('authCode');
    expect(run.stdout).not.toContain(code);
    expect(Object.keys(shown.mails[0]).sort()).toEqual(['createdAt', 'kind', 'sentAt', 'subject']);
    const text = await support(['show', m.email, ...STORE]);
    expect(text.stdout).toContain(m.contractId);
    expect(text.stdout).not.toContain(code);
    expect((await audit())[0]).toMatchObject({ action: 'show', accountId: m.accountId, result: 'ok' });
  });

  it('resends a new code and the last receipt through the mail worker', async () => {
    const codes = (await mailsTo(h, m.email, 'authCode')).length;
    expect((await support(['resend', m.email, 'code', ...STORE])).code).toBe(0);
    const after = await mailsTo(h, m.email, 'authCode');
    expect(after).toHaveLength(codes + 1);
    const orders = (await mailsTo(h, m.email)).length;
    const run = await support(['resend', m.email, 'receipt', ...STORE]);
    expect(run.stdout).toContain('order confirmation');
    expect(await mailsTo(h, m.email)).toHaveLength(orders + 1);
    expect((await audit())[0]).toMatchObject({ action: 'resend-receipt', result: 'ok' });
  });

  it("cancels and undoes the cancel with My Page's rules; a second cancel is refused and recorded", async () => {
    const [before] = await h.database.admin.select().from(contracts).where(eq(contracts.id, m.contractId));
    const cancel = await support(['cancel', m.email, m.contractId, ...STORE]);
    expect(cancel).toMatchObject({ code: 0 });
    const [c] = await h.database.admin.select().from(contracts).where(eq(contracts.id, m.contractId));
    expect(c?.cancelRequestedAt).not.toBeNull();
    const again = await support(['cancel', m.email, m.contractId, ...STORE]);
    expect(again.code).toBe(1);
    const [refused] = await audit();
    expect(refused).toMatchObject({ action: 'cancel', accountId: m.accountId, params: { contract: m.contractId } });
    expect(refused?.result).not.toBe('ok');
    expect((await support(['undo-cancel', m.email, m.contractId, ...STORE])).code).toBe(0);
    const [undone] = await h.database.admin.select().from(contracts).where(eq(contracts.id, m.contractId));
    expect(c?.status).not.toBe(before?.status);
    expect(undone?.status).not.toBe(c?.status);
    expect(undone?.cancelRequestedAt ?? null).toBeNull();
    expect(await mailsTo(h, m.email, 'subscriptionCancelled')).toHaveLength(1);
    expect(await mailsTo(h, m.email, 'subscriptionCancelUndone')).toHaveLength(1);
  });

  it('refunds part of a payment through the refund service, records it, lists it in the sales CSV, and refuses an over-refund', async () => {
    const run = await support(['refund', m.email, m.orderId, '--amount', '100', '--reason', 'double charge', '--json', ...STORE]);
    expect(run.code).toBe(0);
    expect((await audit())[0]).toMatchObject({
      action: 'refund',
      accountId: m.accountId,
      params: { target: m.orderId, amountYen: 100, reason: 'double charge' },
      result: 'ok',
    });
    const over = await support(['refund', m.email, m.paymentId, '--amount', '999999', '--reason', 'x', ...STORE]);
    expect(over.code).toBe(1);
    expect((await audit())[0]?.result).toBe('REFUND_AMOUNT_INVALID');
    const unknown = await support(['refund', m.email, '00000000-0000-4000-8000-000000000000', '--reason', 'x', ...STORE]);
    expect((await audit())[0]?.result).toBe('PAYMENT_NOT_FOUND');
    expect(unknown.code).toBe(1);
    // The month's CSV: the sale, the refund as its own negative line (not a second sale), the net total.
    const month = await support(['sales', '2026-11', ...STORE]);
    const lines = month.stdout.trim().split('\r\n');
    expect(lines.filter((l) => l.startsWith('refund,'))).toEqual([expect.stringContaining(`,${m.paymentId},`)]);
    expect(lines.find((l) => l.startsWith('refund,'))).toContain(',-100,');
    const sales = lines.filter((l) => l.startsWith('sale,'));
    const total = Number(lines.at(-1)?.split(',')[10]);
    expect(total).toBe(sales.reduce((n, l) => n + Number(l.split(',')[10]), 0) - 100);
  });

  it("writes the month's sales as CSV with a BOM and JST dates", async () => {
    const file = join(dataDir, 'sales.csv');
    const run = await support(['sales', '2026-11', '-o', file, ...STORE]);
    expect(run.code).toBe(0);
    const csv = readFileSync(file, 'utf8');
    expect(csv.startsWith('\uFEFFtype,date_jst,')).toBe(true);
    expect(csv).toContain(`sale,2026/11/25 12:00`);
    expect(csv).toContain(m.paymentId);
    expect((await audit())[0]).toMatchObject({ action: 'sales', accountId: null, params: { month: '2026-11' }, result: 'ok' });
    const empty = await support(['sales', '2026-10', ...STORE]);
    expect(empty.stdout.trim().split('\r\n')).toHaveLength(2);
  });

  it('keeps the trail append-only for the application: no update, no delete', async () => {
    const before = await h.database.admin.$count(supportAudit);
    await expect(inStore('kaede', () => h.database.db.execute(sql`update support_audit set actor = 'someone else'`))).rejects.toThrow();
    await expect(inStore('kaede', () => h.database.db.execute(sql`delete from support_audit`))).rejects.toThrow();
    expect(await h.database.admin.$count(supportAudit)).toBe(before);
    expect(await h.database.admin.$count(supportAudit, and(eq(supportAudit.actor, 'someone else')))).toBe(0);
  });

  it('answers 403 to a request without the token, and records nothing', async () => {
    const before = await h.database.admin.$count(supportAudit);
    const res = await fetch(`http://127.0.0.1:${door.port}/_admin/support`, {
      method: 'POST',
      headers: { authorization: 'Bearer wrong', 'content-type': 'application/json' },
      body: JSON.stringify({ op: 'show', member: m.email, storeId: 'kaede', actor: 'mallory' }),
    });
    expect(res.status).toBe(403);
    expect(await h.database.admin.$count(supportAudit)).toBe(before);
  });

  it('runs as the real entry point: node scripts/support.ts', async () => {
    const run = await new Promise<Run>((done) => {
      execFile(
        process.execPath,
        ['scripts/support.ts', 'find', m.email, '--store', 'kaede', '--json'],
        { cwd: ROOT, env: { ...baseEnv, DATA_DIR: dataDir } },
        (err, stdout, stderr) => done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
      );
    });
    expect(run.stderr).toContain('database: ');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ accountId: m.accountId });
    // Without --actor: the OS user.
    expect((await audit())[0]?.actor).toBeTruthy();
  });
});

describe.skipIf(!PG_URL)('on PostgreSQL directly (DATABASE_URL)', () => {
  it('shows the member, queues a resend for the servers and records it, with its own desk', async () => {
    const env = { DATABASE_URL: pg?.url ?? '' };
    const show = await support(['show', m.email, ...STORE, '--json'], env);
    expect(show.stderr).toMatch(/^database: PostgreSQL at /);
    expect(show.code).toBe(0);
    // The payment, and the earlier test's partial refund as its own negative row.
    expect(JSON.parse(show.stdout).payments).toContainEqual(expect.objectContaining({ paymentId: m.paymentId }));
    const mails = (await mailsTo(h, m.email)).length;
    expect((await support(['resend', m.email, 'receipt', ...STORE], env)).code).toBe(0);
    // Queued by the command (at its own clock, today); the server's worker (here the harness's,
    // whose clock stands in 2026-11) sends it once that time has come for it too.
    clock.advance(Math.max(0, Date.now() - clock.now().getTime()) + 60_000);
    expect(await mailsTo(h, m.email)).toHaveLength(mails + 1);
    expect((await audit())[0]).toMatchObject({ actor: 'hanako', action: 'resend-receipt', result: 'ok' });
  });
});
