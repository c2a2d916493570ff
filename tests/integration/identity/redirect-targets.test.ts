import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_REDIRECTS } from '#domain/safe-redirect.test-cases.ts';
import { createHarness } from '../app-harness.ts';
import {
  type Browser,
  browser,
  type Harness,
  latestCode,
  loginWithPassword,
  MIDORI,
  MIDORI_PASSWORD,
  MINUTE,
  midoriDoc,
  movableClock,
  seedMember,
  uniqueEmail,
} from './support.ts';

// Every place a redirect target comes in (issue 6, defect 1): the /login and /signup screens of
// a signed-in member, the returnTo a guest's login page carries, POST /login with a password and
// the code login, which keeps the target in its flow. Each hostile target ends on the store's own
// top page; a path on the store still works.

const clock = movableClock();
const STORE_ORIGIN = `http://${MIDORI}`;
let h: Harness;
let member: Browser;
let memberEmail: string;

let lastOctet = 0;
/** A browser from its own address, so no per-address counter of one case reaches another. */
const visitor = () =>
  browser(h, MIDORI, { headers: { 'x-forwarded-for': `133.242.${Math.floor(++lastOctet / 250)}.${(lastOctet % 250) + 1}` } });

beforeAll(async () => {
  h = await createHarness({ TRUST_PROXY: 'true' }, clock.now);
  await h.apply(midoriDoc());
  memberEmail = uniqueEmail('redirect');
  await seedMember(h, 'midori', { email: memberEmail, password: MIDORI_PASSWORD });
  member = visitor();
  expect((await loginWithPassword(member, memberEmail, MIDORI_PASSWORD)).status).toBe(200);
});
afterAll(() => h.close());

const query = (value: string) => `redirectTo=${encodeURIComponent(value)}`;

/** Where a browser on the store ends when it follows `target`. */
const landsOn = (target: string) => new URL(target, STORE_ORIGIN);

describe('a signed-in member sent to /login or /signup with a hostile redirectTo', () => {
  it.each(HOSTILE_REDIRECTS)('%s: both screens send the member to the top page', async (_what, value) => {
    for (const screen of ['/login', '/signup']) {
      const a = await member.screen(`${screen}?${query(value)}`);
      expect(a.body, screen).toEqual({ redirectTo: '/' });
      expect(landsOn(a.body.redirectTo).origin).toBe(STORE_ORIGIN);
    }
  });

  it('the issue’s own form, %2F..%2F%2Fevil.example, written into the query as the probe sent it', async () => {
    expect((await member.screen('/login?redirectTo=%2F..%2F%2Fevil.example')).body).toEqual({ redirectTo: '/' });
    expect((await member.screen('/signup?redirectTo=%2F..%2F%2Fevil.example')).body).toEqual({ redirectTo: '/' });
  });

  it('a path on the store is still honoured', async () => {
    expect((await member.screen(`/login?${query('/plans/monthly?from=login')}`)).body).toEqual({ redirectTo: '/plans/monthly?from=login' });
  });
});

describe('a guest’s login page', () => {
  it.each(HOSTILE_REDIRECTS)('%s: carries no return target', async (_what, value) => {
    const a = await visitor().screen(`/login?${query(value)}`);
    expect(a.status).toBe(200);
    expect(a.body.returnTo).toBe('');
  });
});

describe('POST /login with a password and a hostile redirectTo', () => {
  it.each(HOSTILE_REDIRECTS)('%s: answers the top page', async (_what, value) => {
    const a = await loginWithPassword(visitor(), memberEmail, MIDORI_PASSWORD, { redirectTo: value });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ redirectTo: '/' });
  });
});

describe('code login with a hostile redirectTo kept in its flow', () => {
  it.each(HOSTILE_REDIRECTS)('%s: answers the top page', async (_what, value) => {
    // A new hour and a new member each time: the send limits of one case never touch another.
    clock.advance(61 * MINUTE);
    const email = uniqueEmail('redirect-code');
    await seedMember(h, 'midori', { email });
    const b = visitor();
    expect((await b.post('/login/code', { emailUserId: email, redirectTo: value })).status).toBe(200);
    const a = await b.post('/login', { authCode: await latestCode(h, email), userIdentifierMethod: 'AuthCode' });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ redirectTo: '/' });
  });
});
