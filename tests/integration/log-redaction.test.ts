import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '#server/base/logger.ts';
import { tenantDoc } from '../helpers/tenant-factory.ts';
import { createHarness } from './app-harness.ts';
import { browser, type Harness, latestCode, MIDORI, MIDORI_PASSWORD, midoriDoc, seedMember, uniqueEmail } from './identity/support.ts';

// Logs (issue 21 point 5, decision 0034): no e-mail address, one-time code, token or cookie in
// any line; an error keeps its stack; every request line names its route pattern.

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await h.apply(midoriDoc());
});
afterAll(() => h.close());

describe('what the server logs while members sign in', () => {
  it('never writes the address, the code or the session cookie, and names the route of every request', async () => {
    const email = uniqueEmail('logs');
    await seedMember(h, 'midori', { email, password: MIDORI_PASSWORD });
    const b = browser(h, MIDORI);
    expect((await b.post('/login/code', { emailUserId: email })).status).toBe(200);
    const code = await latestCode(h, email);
    const signedIn = await b.post('/login', { authCode: code, userIdentifierMethod: 'AuthCode' });
    expect(signedIn.status).toBe(200);
    const sid = b.jar.header();
    expect(sid).toMatch(/sid=/);
    await b.get('/zapi/internal/mypage/screen-data');
    await b.post('/login', { emailUserId: email, password: 'not-the-password-1' });

    const text = h.logLines.join('\n');
    expect(text).toContain('mail kept in outbox');
    expect(text).not.toContain(email);
    expect(text).not.toContain(email.split('@')[0]);
    expect(text).not.toContain(code);
    for (const value of sid.split(/;\s*/).map((kv) => kv.split('=')[1] ?? '')) if (value.length > 8) expect(text).not.toContain(value);

    const requests = h.logLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request');
    expect(requests.length).toBeGreaterThanOrEqual(4);
    for (const line of requests) expect(line.route, JSON.stringify(line)).toEqual(expect.any(String));
    expect(requests.map((l) => l.route)).toEqual(expect.arrayContaining(['/login/code', '/login', '/zapi/internal/mypage/screen-data']));
  });

  it('logs an unexpected error with its stack and the request id', async () => {
    const broken = await createHarness();
    await broken.apply(tenantDoc('crash', { hosts: ['crash.test.localhost'] }));
    await broken.database.close(); // every query now fails
    const res = await broken.get('/zapi/internal/plans/screen-data', 'crash.test.localhost', { 'x-request-id': 'req-stack-0001' });
    expect(res.status).toBe(500);
    const line = broken.logLines
      .map((l) => JSON.parse(l) as { msg: string; requestId?: string; err?: { type: string; message: string; stack: string } })
      .find((l) => l.msg === 'unhandled error');
    expect(line?.requestId).toBe('req-stack-0001');
    expect(line?.err?.stack).toMatch(/\n\s+at /);
    await broken.close().catch(() => {});
  });
});

describe('the logger', () => {
  const capture = () => {
    const lines: string[] = [];
    return { lines, log: createLogger('debug', { service: 'test' }, (l) => lines.push(l)) };
  };

  it('masks addresses, codes, tokens and cookies by field name and inside free text, at every level', () => {
    const { lines, log } = capture();
    const err = new Error('550 mailbox unavailable: hanako@example.jp');
    log.debug('code mail', { to: 'hanako@example.jp', code: '482913', nested: { email: 'taro@example.jp', cookie: 'sid=abcdef123456' } });
    log.info('link sent', { url: 'https://s.example.jp/password/reset?token=Zm9vYmFyYmF6cXV4&lang=ja', note: 'your code is 735194' });
    log.warn('headers', { headers: { cookie: 'sid=s3cr3tvalue; latid=l4t1dvalue', authorization: 'Bearer t0k3nvalue' } });
    log.error('mail sending failed', { err });
    const text = lines.join('\n');
    for (const secret of [
      'hanako@example.jp',
      'taro@example.jp',
      '482913',
      '735194',
      'abcdef123456',
      'Zm9vYmFyYmF6cXV4',
      's3cr3tvalue',
      'l4t1dvalue',
      't0k3nvalue',
    ]) {
      expect(text).not.toContain(secret);
    }
    const last = JSON.parse(lines.at(-1) ?? '{}') as { level: string; err: { type: string; message: string; stack: string } };
    expect(last.level).toBe('error');
    expect(last.err).toMatchObject({ type: 'Error', message: '550 mailbox unavailable: [email]' });
    expect(last.err.stack).toContain('log-redaction.test.ts');
    expect(JSON.parse(lines[1] ?? '{}')).toMatchObject({ url: 'https://s.example.jp/password/reset?token=[redacted]&lang=ja' });
  });

  it('keeps what an operator needs: ids, ports, versions, durations, error codes', () => {
    const { lines, log } = capture();
    log.info('request', {
      requestId: '3f2a9c1e-1234-4abc-9def-123456789abc',
      port: 3000,
      ms: 123456,
      version: '5.0.202609260156',
      code: 'LOGIN_FAILED',
    });
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
      requestId: '3f2a9c1e-1234-4abc-9def-123456789abc',
      port: 3000,
      ms: 123456,
      version: '5.0.202609260156',
      code: 'LOGIN_FAILED',
      service: 'test',
    });
  });
});
