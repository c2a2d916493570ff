/**
 * A store added while the server runs: `store apply` asked of the running server (its admin door),
 * and the new host answers with the new store without a restart (the delay is recorded as an
 * annotation; the 15 s bound only catches a watcher that never fires, it is no speed goal).
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

test('a fourth store applied to the running server answers on its host without a restart', async ({ page, server, storeUrl }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one server-side change per run is enough');
  // A new store, host and name on every run, so a repeated run (--repeat-each, or a second run on
  // the same server) still starts from a host that no store answers.
  const run = Date.now().toString(36);
  const storeId = `fourth-${run}`;
  const serviceName = `フォース・シアター ${run}`;
  const doc = {
    ...loadTenant('midori'),
    storeId,
    hosts: [`${storeId}.localhost`],
    serviceName,
    colors: { accentColor: '#8e24aa', secondaryAccentColor: '#37474f', playerColor: '#ce93d8' },
  };
  const dir = mkdtempSync(join(tmpdir(), 'e2e-fourth-'));
  const file = join(dir, 'fourth.json');
  writeFileSync(file, JSON.stringify(doc, null, 2));
  try {
    const before = await getAsHost(server.port, `${storeId}.localhost`);
    expect(before.status, `no store answers on ${storeId}.localhost yet`).toBe(404);

    const applied = await storeCli(['apply', file], { DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' });
    expect(applied.code, applied.output).toBe(0);
    expect(applied.output).toContain("running server's PGlite");

    const appliedAt = Date.now();
    await expect
      .poll(
        async () => {
          const res = await getAsHost(server.port, `${storeId}.localhost`);
          return res.status === 200 && res.body.toString('utf8').includes(serviceName);
        },
        { timeout: 15_000, intervals: [100] },
      )
      .toBe(true);
    testInfo.annotations.push({ type: 'visible after', description: `${Date.now() - appliedAt} ms` });

    await page.goto(storeUrl(storeId, '/'));
    await expect(page).toHaveTitle(new RegExp(serviceName));
    await expect(page.getByRole('banner').getByRole('img', { name: serviceName }).filter({ visible: true })).toHaveCount(1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
