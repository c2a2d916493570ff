/**
 * The page cache (decision 0012) answers a guest exactly what a fresh render would: for pages of
 * several stores, in both languages, the kept answer and a forced fresh render are the same HTML
 * apart from the two per-response values (the CSP nonce and the request id), which are new in
 * every answer. A test of the real renderer: the cache's key must hold everything a page is made of.
 */
import { get } from 'node:http';
import { expect, test } from '@playwright/test';
import { serverState } from './server-state.ts';

type Answer = { status: number; body: string; nonce: string; requestId: string };

function fetchPage(port: number, host: string, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((done, fail) => {
    get({ host: '127.0.0.1', port, path, headers: { host: `${host}:${port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const csp = String(res.headers['content-security-policy'] ?? '');
        done({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          nonce: /'nonce-([^']+)'/.exec(csp)?.[1] ?? '',
          requestId: String(res.headers['x-request-id'] ?? ''),
        });
      });
    }).on('error', fail);
  });
}

/** The body with this answer's nonce and request id replaced by fixed marks. */
function normalised(a: Answer): string {
  return a.body.split(a.nonce).join('{nonce}').split(a.requestId).join('{request}');
}

const PAGES = ['/', '/login', '/plans', '/login?loginType=authCode', '/password/forgot', '/signup/email'];
const STORES = ['aozora.localhost', 'kurenai.localhost', 'midori.localhost'];

test('a kept guest page is the page a fresh render makes, with a new nonce and request id each time', async () => {
  test.skip(test.info().project.name !== 'desktop', 'plain HTTP: the viewport does not matter');
  const { port } = serverState();
  let compared = 0;
  for (const host of STORES) {
    for (const path of PAGES) {
      for (const lang of ['ja', 'en']) {
        const headers = { 'accept-language': lang };
        const kept1 = await fetchPage(port, host, path, headers);
        const kept2 = await fetchPage(port, host, path, headers);
        const fresh = await fetchPage(port, host, path, { ...headers, 'cache-control': 'no-cache' });
        const where = `${host}${path} (${lang})`;
        // Some stores send a guest elsewhere first (the sign-up policy before the address).
        expect([kept1.status, kept2.status], where).toEqual([fresh.status, fresh.status]);
        if (fresh.status !== 200) continue;
        compared++;
        expect(normalised(kept2), where).toBe(normalised(fresh));
        expect(normalised(kept1), where).toBe(normalised(fresh));
        // The per-response values are new in every answer, also in a kept one.
        expect(new Set([kept1.nonce, kept2.nonce, fresh.nonce]).size, where).toBe(3);
        expect(kept2.body, where).toContain(`nonce="${kept2.nonce}"`);
        expect(kept2.body, where).not.toContain(kept1.nonce);
        expect(kept2.body, where).toContain(kept2.requestId);
        expect(kept2.body, where).not.toContain(kept1.requestId);
      }
    }
  }
  expect(compared).toBeGreaterThan(30);
});
