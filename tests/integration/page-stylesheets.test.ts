// The pages' stylesheets are shared by every server process through the database (decision 0011):
// a process answers a stylesheet another one rendered, and stores those it renders.
import { randomUUID } from 'node:crypto';
import type { EmotionCache } from '@emotion/cache';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { pageStylesheets } from '#server/db/schema.ts';
import { pageStylesheet } from '#styles/page-stylesheet.ts';
import { tenantDoc } from '../helpers/tenant-factory.ts';
import { createHarness } from './app-harness.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
beforeAll(async () => {
  h = await createHarness();
  await h.apply(tenantDoc('sheets'));
});
afterAll(() => h.close());

it('answers a stylesheet that another process rendered and stored, immutable and compressed on request', async () => {
  const css = `.x-${randomUUID()}{color:var(--st-accent)}`;
  const file = 'AbCdEfGh12345678.css';
  await h.database.db.insert(pageStylesheets).values({ file, css });
  const plain = await h.app.request(`/styles/${file}`);
  expect(plain.status).toBe(200);
  expect(await plain.text()).toBe(css);
  expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  const br = await h.app.request(`/styles/${file}`, { headers: { 'accept-encoding': 'gzip, br' } });
  expect(br.headers.get('content-encoding')).toBe('br');
});

it('stores a stylesheet rendered here, so that other processes can answer it', async () => {
  const name = `st-${randomUUID().slice(0, 8)}`;
  const css = `.${name}{margin:0}`;
  const cache = { inserted: { [name]: css } } as unknown as EmotionCache;
  const file = pageStylesheet({ cache, order: [name] });
  expect(file).toMatch(/^[A-Za-z0-9_-]{16}\.css$/);
  await vi.waitFor(async () => {
    const [row] = await h.database.db
      .select()
      .from(pageStylesheets)
      .where(eq(pageStylesheets.file, file as string));
    expect(row?.css).toBe(css);
  });
});

it('answers 404 for a stylesheet no process rendered (after waiting for one in flight)', async () => {
  const res = await h.app.request('/styles/Zz0000000000000Z.css');
  expect(res.status).toBe(404);
  expect(res.headers.get('cache-control')).toBe('no-store');
});
