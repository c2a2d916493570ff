import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app/app.ts';
import { createServices } from '#server/app/composition.ts';
import { loadConfig } from '#server/base/config.ts';
import { createLogger } from '#server/base/logger.ts';
import { HSTS } from '#server/platform/middleware/security-headers.ts';
import type { PageRenderer } from '#server/platform/render/pages.ts';
import { staticAssets } from '#server/platform/render/static-assets.ts';
import { createStoreRepo } from '#server/platform/stores/repo.ts';
import { applyStoreDocument } from '#server/platform/stores/service.ts';
import { createTestDatabase } from '../helpers/test-db.ts';
import {
  browser,
  type Harness,
  loginWithPassword,
  MIDORI,
  MIDORI_PASSWORD,
  MIDORI_PUBLIC,
  midoriDoc,
  seedMember,
  uniqueEmail,
} from './identity/support.ts';

// Strict-Transport-Security and Cache-Control (issue 6, defect 7). The app is the real one with
// built files served from a folder and a page renderer standing in for Vike that marks its pages
// cacheable, as a page's own `cacheControl` setting would: what a member receives must still be
// no-store, whatever a page or Vike's default says.

const ASSET = '/assets/entry-1a2b3c.js';
const PAGE_CACHE = 'public, max-age=600';
const renderPage: PageRenderer = async () => ({
  statusCode: 200,
  headers: [
    ['Content-Type', 'text/html;charset=utf-8'],
    ['Cache-Control', PAGE_CACHE],
  ],
  body: '<!doctype html><title>page</title>',
});

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let direct: Harness;
let proxied: Harness;
let dist: string;

function appOver(env: Record<string, string>): Harness {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_STORES: 'false', ...env });
  const log = createLogger('info', {}, () => {});
  const services = createServices({ config, db: database.db, log });
  const { app } = createApp({ services, database, log, renderPage, staticFiles: staticAssets(dist) });
  return { app, database } as unknown as Harness;
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'headers-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, ASSET), 'console.log(1)');
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *');
  database = await createTestDatabase();
  const result = await applyStoreDocument(createStoreRepo(database.db), midoriDoc());
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  direct = appOver({});
  proxied = appOver({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await database.drop();
  rmSync(dist, { recursive: true, force: true });
});

const get = (h: Harness, path: string, headers: Record<string, string>) => h.app.request(path, { headers });

describe('Strict-Transport-Security', () => {
  it('is on every answer over a public host: pages, JSON, errors, static files, unknown hosts', async () => {
    const answers = [
      await get(direct, '/', { host: MIDORI_PUBLIC }),
      await get(direct, '/zapi/internal/root/screen-data', { host: MIDORI_PUBLIC }),
      await get(direct, '/zapi/no-such-call', { host: MIDORI_PUBLIC }),
      await get(direct, ASSET, { host: MIDORI_PUBLIC }),
      await get(direct, '/healthz', { host: MIDORI_PUBLIC }),
      await get(direct, '/', { host: 'nobody.example.com' }),
      await get(direct, '/', { host: `${MIDORI_PUBLIC}:8443` }),
    ];
    for (const res of answers) expect(res.headers.get('strict-transport-security'), res.url).toBe(HSTS);
  });

  it('is not sent over localhost, *.localhost or a loopback address (development over HTTP)', async () => {
    for (const host of [MIDORI, `${MIDORI}:3000`, 'localhost:3000', '127.0.0.1:3000', '127.0.0.2', '[::1]:3000']) {
      for (const path of ['/', ASSET, '/zapi/internal/root/screen-data']) {
        const res = await get(direct, path, { host });
        expect(res.headers.get('strict-transport-security'), `${host}${path}`).toBeNull();
      }
    }
  });

  it('behind a trusted proxy follows the viewer: https or a public host gets it, local http does not', async () => {
    const https = await get(proxied, '/', { host: '127.0.0.1:3000', 'x-forwarded-host': MIDORI, 'x-forwarded-proto': 'https' });
    expect(https.headers.get('strict-transport-security')).toBe(HSTS);
    const asset = await get(proxied, ASSET, { host: '127.0.0.1:3000', 'x-forwarded-proto': 'https' });
    expect(asset.headers.get('strict-transport-security')).toBe(HSTS);
    const publicHost = await get(proxied, '/', { host: '127.0.0.1:3000', 'x-forwarded-host': MIDORI_PUBLIC });
    expect(publicHost.headers.get('strict-transport-security')).toBe(HSTS);
    const localHttp = await get(proxied, '/', { host: '127.0.0.1:3000', 'x-forwarded-host': MIDORI, 'x-forwarded-proto': 'http' });
    expect(localHttp.headers.get('strict-transport-security')).toBeNull();
  });

  it('without TRUST_PROXY a forwarded https is not believed', async () => {
    const res = await get(direct, '/', { host: MIDORI, 'x-forwarded-proto': 'https', 'x-forwarded-host': MIDORI_PUBLIC });
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('Cache-Control', () => {
  let email: string;
  beforeAll(async () => {
    email = uniqueEmail('headers');
    await seedMember(direct, 'midori', { email, password: MIDORI_PASSWORD });
  });

  it('is no-store on the JSON API and the login answers, for guests and members, successes and errors', async () => {
    const b = browser(direct, MIDORI);
    const answers = [
      await b.get('/zapi/internal/root/screen-data'),
      await b.screen('/login'),
      await b.get('/zapi/no-such-call'),
      await b.get('/zapi/postal-code/12'),
      await loginWithPassword(b, email, 'not the password'),
      await b.post('/login/code', { emailUserId: email }),
      await loginWithPassword(b, email, MIDORI_PASSWORD),
      await b.get('/zapi/internal/root/screen-data'),
      await b.screen('/signup/plans'),
    ];
    expect(await b.authId()).not.toBe('');
    for (const a of answers) expect(a.headers.get('cache-control'), JSON.stringify(a.body).slice(0, 80)).toBe('no-store');
  });

  it('keeps a postal-code lookup public: the same answer for everybody, no member data', async () => {
    const res = await get(direct, '/zapi/postal-code/1000001', { host: MIDORI });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('is no-store on every page rendered for a signed-in member; a guest’s page keeps its own', async () => {
    const b = browser(direct, MIDORI);
    expect((await b.get('/')).headers.get('cache-control')).toBe(PAGE_CACHE);
    expect((await loginWithPassword(b, email, MIDORI_PASSWORD)).status).toBe(200);
    for (const path of ['/', '/plans', '/signup/plans', '/no-such-page']) {
      const a = await b.get(path);
      expect(a.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(a.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('leaves static files their long cache, also for a signed-in member', async () => {
    const b = browser(direct, MIDORI);
    expect((await loginWithPassword(b, email, MIDORI_PASSWORD)).status).toBe(200);
    const asset = await b.get(ASSET);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const other = await b.get('/robots.txt');
    expect(other.status).toBe(200);
    expect(other.headers.get('cache-control')).toBeNull();
  });
});
