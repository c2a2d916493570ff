/**
 * Issue 23, point 5 (decision 0047): a store put in maintenance with `store apply` shows the 503
 * maintenance page on every page, in Japanese and English, at 390 px (a screenshot of each is
 * attached to the report); the health check goes on. A store of its own per run, so the demo
 * stores the other specs use stay open.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { getAsHost, ROOT } from './server-process.ts';
import { loadTenant } from './tenants.ts';

function storeCli(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return new Promise((done) => {
    execFile(process.execPath, ['scripts/store.ts', ...args], { cwd: ROOT, env: { ...inherited, ...env } }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

test('a store in maintenance shows the 503 page on every page, in Japanese and English', async ({
  page,
  server,
  storeUrl,
  allowConsoleErrors,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the look is checked at 390 px');
  allowConsoleErrors(/status of 503/);
  const storeId = `maint-${Date.now().toString(36)}`;
  const doc = {
    ...loadTenant('midori'),
    storeId,
    hosts: [`${storeId}.localhost`],
    maintenance: { enabled: true, message: { ja: '設備点検のため休止しています。', en: 'Closed for an equipment check.' } },
  };
  const dir = mkdtempSync(join(tmpdir(), 'e2e-maintenance-'));
  const file = join(dir, 'maintenance.json');
  writeFileSync(file, JSON.stringify(doc, null, 2));
  try {
    const applied = await storeCli(['apply', file], { DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' });
    expect(applied.code, applied.output).toBe(0);
    await expect.poll(async () => (await getAsHost(server.port, `${storeId}.localhost`)).status, { timeout: 15_000 }).toBe(503);

    for (const [lang, heading] of [
      ['ja', 'ただいまメンテナンス中です'],
      ['en', /maintenance/i],
    ] as const) {
      for (const path of ['/', '/plans']) {
        const response = await page.goto(storeUrl(storeId, `${path}?lang=${lang}`));
        expect(response?.status(), `${path} ${lang}`).toBe(503);
        expect(response?.headers()['retry-after']).toBe('300');
        await expect(page.getByRole('main').getByText('503').first()).toBeVisible();
        await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      }
      await testInfo.attach(`maintenance-${lang}-390px`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
    }
    expect((await getAsHost(server.port, `${storeId}.localhost`, '/healthz')).status).toBe(200);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
