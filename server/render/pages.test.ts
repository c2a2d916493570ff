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
});
