// Issue 6, defects 4, 5, 6, 9 and 10 (decision 0009): mail after the answer, limits per client and
// store that a stranger cannot turn against the owner, and links that take their origin from the
// store's settings, never from the request.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailJobs, mailOutbox } from '#server/db/schema.ts';
import { createHarness } from '../app-harness.ts';
import {
  type Browser,
  browser,
  codeIn,
  countRows,
  type Harness,
  latestResetToken,
  MIDORI,
  MIDORI_PASSWORD,
  mailsTo,
  midoriDoc,
  movableClock,
  SECOND,
  seedMember,
  uniqueEmail,
  uniqueUserId,
} from './support.ts';

const clock = movableClock();
let h: Harness;
const QUIET = 'quiet.test.localhost';

beforeAll(async () => {
  // Behind a trusted proxy, so each test browser can be its own client address (X-Forwarded-For).
  // The mail worker runs when a test drains it, so a test can look at what a request itself wrote.
  h = await createHarness({ TRUST_PROXY: 'true' }, clock.now, {
    sendLimits: { perStore: { max: 40, windowSeconds: 3600 } },
    mailKick: false,
  });
  await h.apply(midoriDoc({ features: { userId: true, password: true } }));
  // A store without passwords: code login is the only way in.
  await h.apply(midoriDoc({ storeId: 'quiet', hosts: [QUIET], features: { password: false } }));
});
afterAll(() => h.close());

let ipCount = 0;
/** A browser on its own client address. */
const client = (host = MIDORI): Browser => browser(h, host, { headers: { 'x-forwarded-for': `198.51.100.${++ipCount}` } });
const askCode = (b: Browser, emailUserId: string) => b.post('/login/code', { emailUserId });
const enterCode = (b: Browser, authCode: string) => b.post('/login', { authCode, userIdentifierMethod: 'AuthCode' });

type Row = Record<string, unknown>;
/** Rows per table of every store, read as the admin role (row-level security would hide them). */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = (
    (await h.database.admin.execute(sql`select tablename from pg_tables where schemaname = 'public' order by 1`)) as unknown as {
      rows: Row[];
    }
  ).rows.map((r) => String(r.tablename));
  const out: Record<string, number> = {};
  for (const t of tables) {
    const r = (await h.database.admin.execute(sql`select count(*)::int as n from ${sql.identifier(t)}`)) as unknown as { rows: Row[] };
    out[t] = Number(r.rows[0]?.n);
  }
  return out;
}
const delta = (before: Record<string, number>, after: Record<string, number>) =>
  Object.fromEntries(
    Object.keys(after)
      .map((t) => [t, (after[t] ?? 0) - (before[t] ?? 0)])
      .filter(([, n]) => n !== 0),
  );

describe('the same work for a member and a stranger before the answer (defect 5)', () => {
  it('password forgot and code login write the same rows for both; only the member gets mail, after the answer', async () => {
    const email = uniqueEmail('same-work');
    await seedMember(h, 'midori', { email, password: MIDORI_PASSWORD });
    const stranger = uniqueEmail('same-work-stranger');
    for (const call of [
      (b: Browser, address: string) => b.post('/zapi/auth/password/forgot', { email: address }),
      (b: Browser, address: string) => askCode(b, address),
    ]) {
      await call(client(), uniqueEmail('warm-up')); // the store-wide counter exists from here on
      await h.drainMail();
      const before = await rowCounts();
      const forMember = await call(client(), email);
      const afterMember = await rowCounts();
      const forStranger = await call(client(), stranger);
      const afterStranger = await rowCounts();
      expect([forStranger.status, forStranger.body]).toEqual([forMember.status, forMember.body]);
      // Identical writes: one queued job and the same counters; no reset link, code or mail yet.
      expect(delta(afterMember, afterStranger)).toEqual(delta(before, afterMember));
      expect(delta(before, afterMember)).toMatchObject({ mail_jobs: 1 });
      expect(delta(before, afterMember)).not.toHaveProperty('mail_outbox');
      expect(delta(before, afterMember)).not.toHaveProperty('password_resets');
      expect(delta(before, afterMember)).not.toHaveProperty('auth_codes');
      clock.advance(31 * SECOND);
    }
    expect(await mailsTo(h, email)).toHaveLength(2);
    expect(await mailsTo(h, stranger)).toHaveLength(0);
    expect(await countRows(h, mailJobs)).toBe(0);
  });
});

describe('a cap per client and per store on code mails (defect 6)', () => {
  it('one client gets 20 sign-up codes an hour for any addresses, then 429 with the wait; another client is not affected', async () => {
    clock.advance(3600 * SECOND);
    const b = client();
    const mails = await countRows(h, mailOutbox);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push((await b.post('/zapi/signup/email', { type: 'signUp', email: uniqueEmail(`flood${i}`) })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
    const refused = await b.post('/zapi/signup/email', { type: 'signUp', email: uniqueEmail('flood-late') });
    expect(refused.body).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect((await countRows(h, mailOutbox)) - mails).toBe(20);
    expect((await client().post('/zapi/signup/email', { type: 'signUp', email: uniqueEmail('other') })).status).toBe(200);
  });

  it('the store as a whole has a cap too (set to 40 an hour here), whatever the client addresses', async () => {
    clock.advance(3600 * SECOND);
    const statuses: number[] = [];
    for (let i = 0; i < 45; i++)
      statuses.push((await client().post('/zapi/signup/email', { type: 'signUp', email: uniqueEmail(`store${i}`) })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(statuses.slice(40)).toEqual([429, 429, 429, 429, 429]);
    clock.advance(3600 * SECOND);
  });
});

describe('a stranger cannot lock the owner out of a store without passwords (defect 9)', () => {
  it('after a stranger used up the address cap and guessed codes, the owner still asks for a code and signs in with the last one mailed', async () => {
    clock.advance(3600 * SECOND);
    const email = uniqueEmail('owner');
    await seedMember(h, 'quiet', { email });
    const stranger = client(QUIET);
    for (let i = 0; i < 8; i++) {
      expect((await askCode(stranger, email)).status).toBe(200);
      clock.advance(31 * SECOND);
    }
    // Five mails reached the owner's inbox; the rest were not sent.
    expect(await mailsTo(h, email, 'authCode')).toHaveLength(5);
    // The stranger guesses in their own flow until it takes no more.
    for (let i = 0; i < 6; i++) expect((await enterCode(stranger, '000000')).status).toBe(400);

    const owner = client(QUIET);
    const asked = await askCode(owner, email);
    expect(asked.status).toBe(200);
    expect(await mailsTo(h, email, 'authCode')).toHaveLength(5);
    const [newest] = await mailsTo(h, email, 'authCode');
    const signedIn = await enterCode(owner, codeIn(newest?.text ?? ''));
    expect(signedIn.status).toBe(200);
    expect(await owner.authId()).not.toBe('');
  });

  it('wrong codes are counted per flow: the sixth attempt of one flow fails even with the right code', async () => {
    clock.advance(3600 * SECOND);
    const email = uniqueEmail('flow-limit');
    await seedMember(h, 'quiet', { email });
    const b = client(QUIET);
    await askCode(b, email);
    const [mail] = await mailsTo(h, email, 'authCode');
    for (let i = 0; i < 5; i++) expect((await enterCode(b, '000000')).body.code).toBe('PIN_CODE_ERROR');
    expect((await enterCode(b, codeIn(mail?.text ?? ''))).body.code).toBe('PIN_CODE_ERROR');
  });
});

describe('the resend wait does not link names to an account (defect 10)', () => {
  it('asking for e-mail X then, within 30 s, for the user ID of X, or for an unknown user ID, answers the same; asking for X again waits', async () => {
    clock.advance(3600 * SECOND);
    const email = uniqueEmail('names');
    const userId = uniqueUserId();
    await seedMember(h, 'midori', { email, userId, password: MIDORI_PASSWORD });
    const b = client();
    expect((await askCode(b, email)).status).toBe(200);
    const own = await askCode(b, userId);
    const unknown = await askCode(b, uniqueUserId());
    expect([own.status, own.body]).toEqual([200, { redirectTo: '/login/code' }]);
    expect([unknown.status, unknown.body]).toEqual([200, { redirectTo: '/login/code' }]);
    const again = await askCode(b, email);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('TOO_MANY_REQUESTS');
    // Another client asking for the same address is not made to wait by this one.
    expect((await askCode(client(), email)).status).toBe(200);
  });
});

describe("links in mail use the store's public origin, never the request's (defect 4)", () => {
  it('a reset asked through another port or host still mails a link to the configured origin', async () => {
    clock.advance(3600 * SECOND);
    const email = uniqueEmail('origin');
    await seedMember(h, 'midori', { email, password: MIDORI_PASSWORD });
    const b = browser(h, `${MIDORI}:1337`, {
      headers: { 'x-forwarded-for': '203.0.113.77', 'x-forwarded-host': 'midori.example.jp:8443' },
    });
    expect((await b.post('/zapi/auth/password/forgot', { email })).status).toBe(200);
    const [mail] = await mailsTo(h, email, 'passwordReset');
    // midori's first host is a localhost name: http, and the server's own port (3000 by default).
    expect(mail?.text).toContain(`http://${MIDORI}:3000/password/reset?token=`);
    expect(mail?.text).not.toContain('1337');
    expect(mail?.text).not.toContain('8443');
    expect(await latestResetToken(h, email)).toMatch(/^[\w-]{20,}$/);
  });

  it('a configured publicOrigin wins over the hosts', async () => {
    clock.advance(3600 * SECOND);
    await h.apply(midoriDoc({ features: { userId: true, password: true }, publicOrigin: 'https://www.midori.example.jp' }));
    const email = uniqueEmail('origin2');
    await seedMember(h, 'midori', { email, password: MIDORI_PASSWORD });
    expect((await client(`${MIDORI}:1337`).post('/zapi/auth/password/forgot', { email })).status).toBe(200);
    const [mail] = await mailsTo(h, email, 'passwordReset');
    expect(mail?.text).toContain('https://www.midori.example.jp/password/reset?token=');
    await h.apply(midoriDoc({ features: { userId: true, password: true } }));
  });
});
