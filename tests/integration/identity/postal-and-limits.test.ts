import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, authCodes, authFlows, mailOutbox, sessions, throttleCounters } from '#server/db/schema.ts';
import { createHarness } from '../app-harness.ts';
import {
  browser,
  countRows,
  type Harness,
  HIKARI,
  hikariDoc,
  latestCode,
  MIDORI,
  midoriDoc,
  uniqueEmail,
  withoutRequestId,
} from './support.ts';

// The postal-code lookup, and what every identity call does with a body it cannot accept:
// wrong content type (415), too large (413), not a JSON object (400), from another site (403).

const BODY_LIMIT = 4096;
let h: Harness;

beforeAll(async () => {
  // OUTBOX_PAGE=any: app.request carries no socket, so the outbox would answer 404 (local clients only).
  h = await createHarness({ BODY_LIMIT_BYTES: String(BODY_LIMIT), OUTBOX_PAGE: 'any' });
  await h.apply(hikariDoc());
  await h.apply(midoriDoc());
});
afterAll(() => h.close());

const POST_CALLS = [
  '/login',
  '/login/code',
  '/zapi/signup/policy',
  '/zapi/signup/email',
  '/zapi/signup/pin-code',
  '/zapi/signup',
  '/zapi/account/user-id/verify',
  '/zapi/account/email/send-pin-code',
  '/zapi/auth/password/forgot',
  '/zapi/auth/password/reset',
];

/** Row counts of every table a rejected call could have written to. */
async function snapshot() {
  const tables = { accounts, authCodes, authFlows, mailOutbox, sessions, throttleCounters };
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) out[name] = await countRows(h, table);
  return out;
}

const postal = (code: string) => browser(h, MIDORI).get(`/zapi/postal-code/${encodeURIComponent(code)}`);

describe('postal code lookup', () => {
  it('1000001 gives one address: 東京都 千代田区 千代田', async () => {
    const a = await postal('1000001');
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ results: [{ prefectureCode: 13, city: '千代田区', town: '千代田', allAddress: '東京都千代田区千代田' }] });
    expect(a.headers.get('cache-control')).toContain('max-age');
  });

  it('accepts a hyphen and full-width digits', async () => {
    const plain = (await postal('1000001')).body;
    expect((await postal('100-0001')).body).toEqual(plain);
    expect((await postal('１００－０００１')).body).toEqual(plain);
  });

  it('4520961 gives several towns of one city', async () => {
    const { status, body } = await postal('4520961');
    expect(status).toBe(200);
    expect(body.results.length).toBeGreaterThan(1);
    for (const r of body.results)
      expect(r).toMatchObject({ prefectureCode: 23, city: '清須市', allAddress: expect.stringMatching(/^愛知県清須市/) });
  });

  it('an unknown code is 404 with the Japanese message on postalCode', async () => {
    const a = await postal('9999999');
    expect(a.status).toBe(404);
    expect(withoutRequestId(a.body)).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: 'ページが見つかりません。',
      fields: { postalCode: '該当する住所が見つかりませんでした。' },
    });
  });

  it('a code that is not 7 digits is 400', async () => {
    for (const code of ['12345', '12345678', 'abcdefg', '100 0001']) {
      const a = await postal(code);
      expect(a.status, code).toBe(400);
      expect(a.body, code).toMatchObject({ code: 'VALIDATION_FAILED', fields: { postalCode: '郵便番号の形式が正しくありません' } });
    }
  });
});

describe('bodies the identity calls refuse', () => {
  it('a body that is not declared as JSON is 415, on every call', async () => {
    const before = await snapshot();
    const b = browser(h, HIKARI);
    for (const path of POST_CALLS) {
      const plain = await b.post(path, JSON.stringify({ email: 'a@example.jp' }), { 'content-type': 'text/plain' });
      expect(plain.status, path).toBe(415);
      expect(withoutRequestId(plain.body), path).toEqual({
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'リクエストの形式が正しくありません。',
      });
      const form = await b.post(path, 'email=a%40example.jp', { 'content-type': 'application/x-www-form-urlencoded' });
      expect(form.status, path).toBe(415);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a body over BODY_LIMIT_BYTES is 413, on every call', async () => {
    const before = await snapshot();
    const b = browser(h, HIKARI);
    const big = JSON.stringify({ email: `${'a'.repeat(BODY_LIMIT)}@example.jp` });
    for (const path of POST_CALLS) {
      const a = await b.post(path, big);
      expect(a.status, path).toBe(413);
      expect(withoutRequestId(a.body), path).toEqual({
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
        message: '送信されたデータが大きすぎます。',
      });
    }
    // Just under the limit the body is read, and refused for what it says.
    const under = await b.post('/zapi/auth/password/forgot', JSON.stringify({ email: `${'a'.repeat(BODY_LIMIT - 100)}@example.jp` }));
    expect(under.status).toBe(400);
    expect(under.body.code).toBe('VALIDATION_FAILED');
    expect(await snapshot()).toEqual(before);
  });

  it('a body that is not a JSON object is 400 BAD_REQUEST, on every call', async () => {
    const before = await snapshot();
    const b = browser(h, HIKARI);
    for (const path of POST_CALLS) {
      for (const body of ['{"email": ', '', 'null', '[]', '"a@example.jp"', '42']) {
        const a = await b.post(path, body);
        expect(a.status, `${path} ${body}`).toBe(400);
        expect(withoutRequestId(a.body), `${path} ${body}`).toEqual({
          status: 400,
          code: 'BAD_REQUEST',
          message: 'リクエストの形式が正しくありません。',
        });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a call from another site is 403, with nothing written', async () => {
    const before = await snapshot();
    const b = browser(h, HIKARI);
    for (const path of POST_CALLS) {
      const a = await b.post(path, { email: 'a@example.jp' }, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' });
      expect(a.status, path).toBe(403);
      expect(a.body.code, path).toBe('CROSS_SITE_REQUEST');
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('development outbox page', () => {
  it('lists the store’s mail, newest first, while mail stays local', async () => {
    const email = uniqueEmail('outbox');
    await browser(h, MIDORI).post('/zapi/signup/email', { type: 'signUp', email });
    const a = await browser(h, MIDORI).screen('/dev/outbox');
    expect(a.status).toBe(200);
    const [newest] = a.body.mails;
    expect(newest).toMatchObject({
      to: email,
      kind: 'authCode',
      subject: '【みどりシネマ】認証コードのお知らせ',
      from: '"みどりシネマ" <no-reply@midori.example.jp>',
    });
    expect(newest.text).toContain(await latestCode(h, email));
    expect(new Date(newest.createdAt).toString()).not.toBe('Invalid Date');
  });
});
