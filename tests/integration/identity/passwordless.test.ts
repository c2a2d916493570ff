import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, passwordResets } from '#server/db/schema.ts';
import { tenantDoc } from '../../helpers/tenant-factory.ts';
import { createHarness } from '../app-harness.ts';
import { browser, countRows, type Harness, latestCode, movableClock, seedMember, uniqueEmail } from './support.ts';

// A store without passwords (features.password false): members sign in by code only, so there
// is no password login and no password reset, whatever a crafted request asks for.

const NOPASS = 'nopass.test.localhost';
const PASSWORD = 'Legacy2026ok';
const clock = movableClock();
let h: Harness;

beforeAll(async () => {
  h = await createHarness({}, clock.now);
  await h.apply(
    tenantDoc('nopass', {
      hosts: [NOPASS],
      serviceName: 'ノーパス動画',
      defaultLoginType: 'password',
      features: { password: false },
    }),
  );
});
afterAll(() => h.close());

describe('a store without passwords', () => {
  it('sends the reset pages, new and legacy, to the login page', async () => {
    const b = browser(h, NOPASS);
    for (const route of ['/password/forgot', '/password/forgot/complete', '/password/reset?token=abc', '/password/reset/complete']) {
      expect((await b.screen(route)).body, route).toEqual({ redirectTo: '/login' });
    }
    expect((await b.screen('/forgetpassword')).body).toEqual({ redirectTo: '/password/forgot' });
  });

  it('refuses the reset calls (404) and mails nothing, even for a member who once had a password', async () => {
    const email = uniqueEmail('nopass-reset');
    await seedMember(h, 'nopass', { email, password: PASSWORD });
    const mails = await countRows(h, mailOutbox);
    const b = browser(h, NOPASS);
    const forgot = await b.post('/zapi/auth/password/forgot', { email });
    expect([forgot.status, forgot.body.code]).toEqual([404, 'NOT_FOUND']);
    const reset = await b.post('/zapi/auth/password/reset', {
      token: 'x'.repeat(43),
      password: 'Another2026ok',
      passwordConfirm: 'Another2026ok',
    });
    expect([reset.status, reset.body.code]).toEqual([404, 'NOT_FOUND']);
    expect(await countRows(h, mailOutbox)).toBe(mails);
    expect(await countRows(h, passwordResets)).toBe(0);
  });

  it('refuses password login with a clear message, and signs the member in by code', async () => {
    const email = uniqueEmail('nopass-login');
    await seedMember(h, 'nopass', { email, password: PASSWORD });
    const b = browser(h, NOPASS);
    const byPassword = await b.post('/login', { emailUserId: email, password: PASSWORD });
    expect(byPassword.status).toBe(403);
    expect(byPassword.body).toMatchObject({
      code: 'FORBIDDEN',
      message: 'このサービスではパスワードでログインできません。認証コードでログインしてください。',
    });
    expect(b.jar.has('sid')).toBe(false);
    const en = await browser(h, NOPASS, { headers: { 'accept-language': 'en' } }).post('/login', {
      emailUserId: email,
      password: PASSWORD,
    });
    expect(en.body.message).toBe('This service does not use passwords. Please log in with a code sent by e-mail.');

    expect((await b.post('/login/code', { emailUserId: email })).body).toEqual({ redirectTo: '/login/code' });
    const signedIn = await b.post('/login', { authCode: await latestCode(h, email), userIdentifierMethod: 'AuthCode' });
    expect(signedIn.status).toBe(200);
    expect(b.jar.has('sid')).toBe(true);
  });
});
