import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '#server/env.ts';
import { securityHeaders } from '#server/middleware/security-headers.ts';
import { pageRoutes } from './pages.ts';

describe('page answers', () => {
  it("keep the full security policy (not Vike's script-src only) and every cookie the page sets", async () => {
    const app = new Hono<AppEnv>();
    app.use(async (c, next) => {
      c.set('nonce', 'n0nce');
      c.set('requestId', 'r1');
      await next();
    });
    app.use(securityHeaders({ dev: false, trustProxy: false }));
    app.route(
      '/',
      pageRoutes(
        async () => ({
          statusCode: 200,
          headers: [
            ['Content-Security-Policy', "script-src 'self' 'nonce-n0nce'"],
            ['Cache-Control', 'no-store, max-age=0'],
            ['Set-Cookie', 'a=1'],
            ['Set-Cookie', 'b=2'],
          ],
          body: '<!DOCTYPE html><html></html>',
        }),
        async () => ({ data: null }),
      ),
    );
    const res = await app.request('/login');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' 'nonce-n0nce'");
    expect(csp).toContain("style-src 'self' 'nonce-n0nce'");
    expect(res.headers.get('cache-control')).toBe('no-store, max-age=0');
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('are gzipped for a browser that accepts gzip, and sent as text to one that does not', async () => {
    const html = `<!DOCTYPE html><html><body>${'<p>あおぞらシネマ</p>'.repeat(300)}</body></html>`;
    const app = pageRoutes(
      async () => ({ statusCode: 200, headers: [['Content-Type', 'text/html;charset=utf-8']], body: html }),
      async () => ({ data: null }),
    );
    const zipped = await app.request('/plans', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toContain('Accept-Encoding');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(bytes.byteLength).toBeLessThan(Buffer.byteLength(html) / 4);
    expect(gunzipSync(bytes).toString('utf8')).toBe(html);

    const plain = await app.request('/plans');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(html);
  });
});
