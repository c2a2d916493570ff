import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '#server/platform/http/env.ts';
import { securityHeaders } from '#server/platform/middleware/security-headers.ts';
import type { ScreenRunner } from '#server/platform/screens/routes.ts';
import { createPageCache } from './page-cache.ts';
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

describe('the page cache', () => {
  type Req = { account?: boolean; cookies?: Record<string, string>; headers?: Record<string, string> };
  function setup() {
    let n = 0;
    const calls = { renders: 0, loads: 0 };
    let stock = 10;
    const runScreen: ScreenRunner = async (c) => {
      calls.loads++;
      const flow = c.var.cookies.get('sgf');
      return { data: { stock, flow: flow ?? null } };
    };
    const app = new Hono<AppEnv>();
    app.use(async (c, next) => {
      n++;
      const req = JSON.parse(c.req.header('x-test') ?? '{}') as Req;
      c.set('nonce', `nonce${n}`);
      c.set('requestId', `request${n}`);
      c.set('account', req.account ? ({ accountId: 'a1' } as never) : null);
      c.set('authId', req.account ? 'a1' : '');
      c.set('cookies', new Map(Object.entries(req.cookies ?? {})));
      c.set('lang', 'ja');
      c.set('browserInfo', { isApp: false, isAndroid: false, isMobile: false } as never);
      c.set('store', { storeId: 'aozora', revision: 1, settings: { plans: [], paymentMethods: [] }, publicSettings: {} } as never);
      await next();
    });
    app.route(
      '/',
      pageRoutes(
        async (init) => {
          calls.renders++;
          const answer = (await (init.loadScreenData as (p: string, s: string) => Promise<{ data: unknown }>)('/plans', '')) as {
            data: unknown;
          };
          const root = (init.rootDataSource as () => { requestId: string })();
          return {
            statusCode: 200,
            headers: [['Content-Type', 'text/html']],
            body: `<script nonce="${init.cspNonce}">${JSON.stringify({ data: answer.data, requestId: root.requestId })}</script>`,
          };
        },
        runScreen,
        createPageCache({ maxEntries: 10, maxBytes: 1e6 }),
      ),
    );
    const get = async (req: Req = {}) => {
      const res = await app.request('/plans', { headers: { 'x-test': JSON.stringify(req), ...req.headers } });
      return res.text();
    };
    return { get, calls, setStock: (v: number) => (stock = v) };
  }

  it("renders a guest's page once and answers it again with the new request's nonce and request id", async () => {
    const t = setup();
    expect(await t.get()).toBe('<script nonce="nonce1">{"data":{"stock":10,"flow":null},"requestId":"request1"}</script>');
    expect(await t.get()).toBe('<script nonce="nonce2">{"data":{"stock":10,"flow":null},"requestId":"request2"}</script>');
    expect(t.calls).toEqual({ renders: 1, loads: 2 });
  });

  it('renders again when the screen data changes, and for a forced reload', async () => {
    const t = setup();
    await t.get();
    t.setStock(9);
    expect(await t.get()).toContain('"stock":9');
    expect(t.calls.renders).toBe(2);
    await t.get({ headers: { 'Cache-Control': 'no-cache' } });
    expect(t.calls.renders).toBe(3);
    await t.get();
    expect(t.calls.renders).toBe(3);
  });

  it("never keeps a member's page, nor one whose loader read a cookie the viewer sent", async () => {
    const t = setup();
    await t.get({ account: true });
    await t.get({ account: true });
    expect(t.calls.renders).toBe(2);
    const flow = await t.get({ cookies: { sgf: 'flow-token' } });
    expect(flow).toContain('"flow":"flow-token"');
    await t.get({ cookies: { sgf: 'flow-token' } });
    expect(t.calls.renders).toBe(4);
    // A cookie the loader did not read does not matter.
    await t.get({ cookies: { _ga: 'x' } });
    await t.get({ cookies: { _ga: 'y' } });
    expect(t.calls.renders).toBe(5);
    // Each request ran its loader once, also when the page was rendered.
    expect(t.calls.loads).toBe(6);
  });
});
