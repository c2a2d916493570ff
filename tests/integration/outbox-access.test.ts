import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app/app.ts';
import { createServices } from '#server/app/composition.ts';
import { loadConfig } from '#server/base/config.ts';
import { createLogger } from '#server/base/logger.ts';
import { isLoopbackAddress } from '#server/platform/http/loopback.ts';
import type { PageRenderer } from '#server/platform/render/pages.ts';
import { createStoreRepo } from '#server/platform/stores/repo.ts';
import { applyStoreDocument } from '#server/platform/stores/service.ts';
import { tenantDoc } from '../helpers/tenant-factory.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

// The outbox lists codes and reset links (issue 6, defect 3): by default only a client on this
// machine, talking to the server directly, may read it. Requests carry the socket as
// @hono/node-server passes it (env.incoming.socket.remoteAddress).

const HOST = 'outbox.test.localhost';
const SECRET = 'Your code: 482913';
const JSON_PATH = '/zapi/internal/dev/outbox/screen-data';
const PAGE_PATH = '/dev/outbox';

/** Stands in for Vike: the page's data comes from the same loader, and its error decides the status. */
const renderPage: PageRenderer = async (init) => {
  const load = init.loadScreenData as (pathname: string, search: string) => Promise<{ error?: { status: number } }>;
  const data = await load(new URL(init.urlOriginal as string).pathname, '');
  return { statusCode: data.error?.status ?? 200, headers: [['Content-Type', 'application/json']], body: JSON.stringify(data) };
};

let database: Awaited<ReturnType<typeof createTestDatabase>>;
type App = ReturnType<typeof createApp>['app'];
const apps = {} as Record<'byDefault' | 'off' | 'any' | 'behindProxy' | 'smtp' | 'explicitTrue', App>;

function appWith(env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO_STORES: 'false', ...env });
  const log = createLogger('info', {}, () => {});
  return createApp({ services: createServices({ config, db: database.db, log }), database, log, renderPage });
}

beforeAll(async () => {
  database = await createTestDatabase();
  const settings = await applyStoreDocument(createStoreRepo(database.db), tenantDoc('outbox', { hosts: [HOST] }));
  if (!settings.ok) throw new Error('store document refused');
  const byDefault = appWith({});
  apps.byDefault = byDefault.app;
  apps.off = appWith({ OUTBOX_PAGE: 'false' }).app;
  apps.any = appWith({ OUTBOX_PAGE: 'any' }).app;
  apps.behindProxy = appWith({ TRUST_PROXY: 'true' }).app;
  apps.smtp = appWith({ SMTP_URL: 'smtp://127.0.0.1:9' }).app;
  apps.explicitTrue = appWith({ OUTBOX_PAGE: 'true' }).app;
  await byDefault.services.mailer.send({
    storeId: 'outbox',
    to: 'member@example.jp',
    from: { name: 'Outbox', address: 'no-reply@outbox.example.jp' },
    subject: 'Code',
    text: SECRET,
    html: `<p>${SECRET}</p>`,
    kind: 'authCode',
  });
});
afterAll(() => database.drop());

type Answer = { status: number; body: string };

async function ask(app: App, path: string, remoteAddress: string | null, headers: Record<string, string> = {}): Promise<Answer> {
  const env = remoteAddress === null ? undefined : { incoming: { socket: { remoteAddress } } };
  const res = await app.request(path, { headers: { host: HOST, 'accept-language': 'ja', ...headers } }, env);
  // The request id differs per answer; everything else must be the same for equal answers.
  return { status: res.status, body: (await res.text()).replace(/"requestId":"[^"]*"/g, '"requestId":"-"') };
}

const LOOPBACK = ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'];
const REMOTE = ['203.0.113.7', '192.168.1.20', '10.0.0.5', '::ffff:203.0.113.7', '2001:db8::1', 'fe80::1', '0.0.0.0', '::'];
const PROXY_HEADERS: Record<string, string>[] = [
  { 'x-forwarded-for': '203.0.113.7' },
  { 'x-forwarded-host': HOST },
  { forwarded: 'for=203.0.113.7;proto=https' },
  { 'x-real-ip': '203.0.113.7' },
];

describe('the development outbox by default (no SMTP_URL)', () => {
  it('is served to a client on this machine, page and data', async () => {
    for (const address of LOOPBACK) {
      for (const path of [JSON_PATH, PAGE_PATH]) {
        const a = await ask(apps.byDefault, path, address);
        expect(a.status, `${path} from ${address}`).toBe(200);
        expect(a.body, `${path} from ${address}`).toContain(SECRET);
      }
    }
    // OUTBOX_PAGE=true keeps its meaning of before: on, for this machine.
    expect((await ask(apps.explicitTrue, JSON_PATH, '127.0.0.1')).body).toContain(SECRET);
  });

  it('answers every other client with the 404 of a store without an outbox', async () => {
    const cases: Array<{ address: string | null; headers?: Record<string, string> }> = [
      ...REMOTE.map((address) => ({ address })),
      { address: null }, // no socket at all
      // A proxy on this machine connects from loopback for every client it relays.
      ...PROXY_HEADERS.map((headers) => ({ address: '127.0.0.1', headers })),
    ];
    for (const path of [JSON_PATH, PAGE_PATH]) {
      const without = await ask(apps.off, path, '127.0.0.1');
      expect(without.status).toBe(404);
      for (const { address, headers } of cases) {
        const label = `${path} from ${address} ${JSON.stringify(headers ?? {})}`;
        const a = await ask(apps.byDefault, path, address, headers);
        expect(a, label).toEqual(without);
        expect(a.body, label).not.toContain(SECRET);
      }
    }
  });

  it('is not served through a declared proxy (TRUST_PROXY), even from loopback', async () => {
    for (const path of [JSON_PATH, PAGE_PATH]) {
      const a = await ask(apps.behindProxy, path, '127.0.0.1');
      expect(a).toEqual(await ask(apps.off, path, '127.0.0.1'));
    }
  });
});

describe('OUTBOX_PAGE', () => {
  it('any: every client (a test environment)', async () => {
    expect((await ask(apps.any, JSON_PATH, '203.0.113.7', { 'x-forwarded-for': '198.51.100.1' })).body).toContain(SECRET);
  });

  it('false, and the default with SMTP_URL: nobody, not even this machine', async () => {
    for (const app of [apps.off, apps.smtp]) expect((await ask(app, JSON_PATH, '127.0.0.1')).status).toBe(404);
  });

  it('refuses a value it does not know', () => {
    expect(() => loadConfig({ OUTBOX_PAGE: 'everyone' })).toThrow(/OUTBOX_PAGE/);
  });
});

describe('isLoopbackAddress', () => {
  it('knows loopback from everything else', () => {
    for (const a of [...LOOPBACK, '127.255.255.255', '::ffff:7f00:1', '0:0:0:0:0:0:0:1']) expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of [...REMOTE, undefined, '', '127.0.0.256', '127.0.0', '1127.0.0.1', '::ffff:128.0.0.1', '::2', 'localhost'])
      expect(isLoopbackAddress(a), String(a)).toBe(false);
  });
});
