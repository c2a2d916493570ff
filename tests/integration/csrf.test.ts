import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantDoc } from '../helpers/tenant-factory.ts';
import { createHarness } from './app-harness.ts';

// Two stores on sibling subdomains are the same *site*: SameSite cookies do not separate them,
// so state-changing calls must come from the very origin they are sent to.
let h: Awaited<ReturnType<typeof createHarness>>;
const A = 'a.shop.example';
const B = 'b.shop.example';
/** A development store, served over plain http on a port (its origin is http://c.localhost:3000). */
const C = 'c.localhost';

beforeAll(async () => {
  h = await createHarness();
  await h.apply(tenantDoc('site-a', { hosts: [A] }));
  await h.apply(tenantDoc('site-b', { hosts: [B] }));
  await h.apply(tenantDoc('site-c', { hosts: [C] }));
});
afterAll(() => h.close());

/** POST to a path no route answers: a request that passes the protection ends in 404. */
const post = (headers: Record<string, string>, body = '{}') =>
  h.app.request('/zapi/no-such-call', { method: 'POST', headers: { host: A, 'content-type': 'application/json', ...headers }, body });
const code = async (res: Response) => ((await res.json()) as { code: string }).code;

describe('cross-site request protection', () => {
  it('accepts a same-origin browser call', async () => {
    expect(await code(await post({ 'sec-fetch-site': 'same-origin', origin: `https://${A}` }))).toBe('NOT_FOUND');
  });

  it('refuses a call from a sibling store (same site, other origin)', async () => {
    const res = await post({ 'sec-fetch-site': 'same-site', origin: `https://${B}` });
    expect(res.status).toBe(403);
    expect(await code(res)).toBe('CROSS_SITE_REQUEST');
  });

  it('refuses a cross-site call', async () => {
    expect(await code(await post({ 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }))).toBe('CROSS_SITE_REQUEST');
  });

  it('checks Origin when the browser sends no Sec-Fetch-Site', async () => {
    expect(await code(await post({ origin: `https://${B}` }))).toBe('CROSS_SITE_REQUEST');
    expect(await code(await post({ origin: 'null' }))).toBe('CROSS_SITE_REQUEST');
    expect(await code(await post({ origin: `https://${A}` }))).toBe('NOT_FOUND');
  });

  it('compares the scheme, host and port of Origin, not the host alone', async () => {
    const postC = (origin: string) =>
      h.app.request('/zapi/no-such-call', {
        method: 'POST',
        headers: { host: `${C}:3000`, 'content-type': 'application/json', origin },
        body: '{}',
      });
    expect(await code(await postC(`http://${C}:3000`))).toBe('NOT_FOUND');
    // Same host and port, another scheme: another origin.
    const https = await postC(`https://${C}:3000`);
    expect(https.status).toBe(403);
    expect(await code(https)).toBe('CROSS_SITE_REQUEST');
    // Same scheme and host, another port (or none): another origin.
    expect(await code(await postC(`http://${C}:3001`))).toBe('CROSS_SITE_REQUEST');
    expect(await code(await postC(`http://${C}`))).toBe('CROSS_SITE_REQUEST');
    // An https store's default port may be written or left out: the same origin.
    expect(await code(await post({ origin: `https://${A}:443` }))).toBe('NOT_FOUND');
    expect(await code(await post({ origin: `http://${A}` }))).toBe('CROSS_SITE_REQUEST');
  });

  it('accepts JSON calls only as application/json', async () => {
    const res = await post({ 'sec-fetch-site': 'same-origin', 'content-type': 'text/plain' });
    expect(res.status).toBe(415);
    expect(await code(res)).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await code(await post({ 'content-type': 'application/x-www-form-urlencoded' }, 'a=1'))).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await code(await post({ 'content-type': 'application/json; charset=utf-8' }))).toBe('NOT_FOUND');
  });

  it('leaves reads alone', async () => {
    const res = await h.app.request('/zapi/internal/root/screen-data', { headers: { host: A, 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(200);
  });
});
