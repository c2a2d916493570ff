/**
 * Issue 6, defect 5 (and issue 19, defect 7: password login): do the answers of password forgot,
 * code login and a wrong password tell a member from a stranger by their time? The real app (createApp over an in-memory PGlite, through Vite as in
 * unknown-hosts.ts) answers `pairs` interleaved pairs of requests, one for a member's address and
 * one for an unknown address, each from a new client address; the mail worker runs between pairs,
 * as it does after an answer. Prints the median times and how often the member's answer was the
 * slower one of its pair (about half when the two cannot be told apart). A measurement, never a test.
 *
 *   npx node tests/bench/timing-probe.ts [pairs]     (default 300)
 */
import { ROOT, serverModuleLoader } from './server-modules.ts';

async function main() {
  const pairs = Number(process.argv[2] ?? 300);
  const vite = await serverModuleLoader();
  const { load } = vite;
  const { createApp } = await load('/server/app/app.ts');
  const { createServices } = await load('/server/app/composition.ts');
  const { loadConfig } = await load('/server/base/config.ts');
  const { createLogger } = await load('/server/base/logger.ts');
  const { createTestDatabase } = await load('/tests/helpers/test-db.ts');
  const { createStoreRepo } = await load('/server/platform/stores/repo.ts');
  const { applyStoreDocument } = await load('/server/platform/stores/service.ts');
  const { tenantDoc } = await load('/tests/helpers/tenant-factory.ts');
  const { createAccountRepo } = await load('/server/platform/accounts/repo.ts');

  const database = await createTestDatabase();
  const config = loadConfig(
    { NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO_STORES: 'false', MAIL_REQUESTS_PER_STORE_HOUR: '10000000' },
    ROOT,
  );
  const log = createLogger('error', {}, () => {});
  const services = createServices({ config, db: database.db, log, mailKick: false });
  const { app } = createApp({ services, database, log });
  await applyStoreDocument(createStoreRepo(database.db), tenantDoc('probe', { hosts: ['probe.localhost'] }));
  const member = 'member@example.jp';
  await createAccountRepo(database.db).create({ storeId: 'probe', email: member, at: new Date() });

  let client = 0;
  const { hashPassword } = await load('/server/platform/auth/passwords.ts');
  // Wrong passwords for a member: a member of their own for each pair, so the throttle never slows one.
  const memberHash = await hashPassword('the-right-password-1');
  const members: string[] = [];
  for (let i = 0; i < pairs + 20; i++) {
    const email = `login-member${i}@example.jp`;
    await createAccountRepo(database.db).create({ storeId: 'probe', email, passwordHash: memberHash, at: new Date() });
    members.push(email);
  }

  const call = async (path: string, body: unknown, status = 200) => {
    client++;
    const started = performance.now();
    const res = await app.request(
      path,
      {
        method: 'POST',
        headers: {
          host: 'probe.localhost',
          'content-type': 'application/json',
          'sec-fetch-site': 'same-origin',
          origin: 'http://probe.localhost',
        },
        body: JSON.stringify(body),
      },
      { incoming: { socket: { remoteAddress: `198.18.${Math.floor(client / 250) % 250}.${(client % 250) + 1}` } } },
    );
    await res.arrayBuffer();
    if (res.status !== status) throw new Error(`${path} answered ${res.status}`);
    return performance.now() - started;
  };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

  const wrongPassword = (email: string) => ({ emailUserId: email, password: 'wrong-password-1' });
  for (const [name, path, body, status, memberOf] of [
    ['password forgot', '/zapi/auth/password/forgot', (email: string) => ({ email }), 200, () => member],
    ['code login', '/login/code', (email: string) => ({ emailUserId: email }), 200, () => member],
    ['wrong password', '/login', wrongPassword, 401, (i: number) => members[i] as string],
  ] as const) {
    const m: number[] = [];
    const s: number[] = [];
    let memberSlower = 0;
    for (let i = 0; i < pairs + 20; i++) {
      const stranger = `stranger${i}-${name.length}@example.jp`;
      // Alternate which goes first, so order does not favour either.
      const known = memberOf(i);
      const [a, b] = i % 2 ? [await call(path, body(known), status), await call(path, body(stranger), status)] : [0, 0];
      const [d, c] = i % 2 ? [0, 0] : [await call(path, body(stranger), status), await call(path, body(known), status)];
      await services.mailQueue.drain();
      if (i < 20) continue; // warm-up
      const tm = i % 2 ? a : c;
      const ts = i % 2 ? b : d;
      m.push(tm);
      s.push(ts);
      if (tm > ts) memberSlower++;
    }
    process.stdout.write(
      `${name}: member median ${median(m).toFixed(2)} ms, stranger median ${median(s).toFixed(2)} ms; the member's answer was the slower in ${memberSlower} of ${pairs} pairs\n`,
    );
  }
  await database.drop();
  await vite.close();
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exitCode = 1;
});
