/**
 * Issue 23, point 4 (decision 0050): `store preview` serves a draft at a private address. Chromium
 * opens the printed address and sees the draft's name and accent colour on the real pages; a
 * browser without the token, and the same browser after leaving the preview, see the live store
 * unchanged. A store of its own per run, so the demo stores the other specs use stay as they are.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from './fixtures.ts';
import { getAsHost, ROOT } from './server-process.ts';
import { escapeRegExp, hexToRgb, loadTenant } from './tenants.ts';

function storeCli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; output: string }> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return new Promise((done) => {
    execFile(process.execPath, ['scripts/store.ts', ...args], { cwd: ROOT, env: { ...inherited, ...env } }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, output: `${stdout}${stderr}` });
    });
  });
}

/** The plans page's first call to action, painted in the store's accent colour (as branding.spec.ts). */
const callToAction = (page: Page) =>
  page.getByRole('main').getByRole('button').or(page.getByRole('main').getByRole('link')).filter({ visible: true }).first();

test('a preview shows the draft in Chromium to its token holder only; the live store is unchanged', async ({
  page,
  browser,
  server,
  storeUrl,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one width shows it');
  const storeId = `preview-${Date.now().toString(36)}`;
  const live = { ...loadTenant('midori'), storeId, hosts: [`${storeId}.localhost`] };
  const draft = { ...live, serviceName: 'プレビューの森チャンネル', colors: { ...live.colors, accentColor: '#c2185b' } };
  const dir = mkdtempSync(join(tmpdir(), 'e2e-preview-'));
  const env = { DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' };
  try {
    writeFileSync(join(dir, 'live.json'), JSON.stringify(live));
    writeFileSync(join(dir, 'draft.json'), JSON.stringify(draft));
    const applied = await storeCli(['apply', join(dir, 'live.json')], env);
    expect(applied.code, applied.output).toBe(0);
    await expect.poll(async () => (await getAsHost(server.port, `${storeId}.localhost`)).status, { timeout: 15_000 }).toBe(200);
    const previewed = await storeCli(['preview', join(dir, 'draft.json'), '--ttl', '10m', '--json'], env);
    expect(previewed.code, previewed.output).toBe(0);
    const { address } = JSON.parse(previewed.stdout) as { address: string };
    expect(address).toMatch(new RegExp(`^http://${escapeRegExp(`${storeId}.localhost`)}:${server.port}/__preview/`));

    // The token holder: the address sets the cookie and lands on the top page, then every page is the draft.
    await page.goto(address);
    await expect(page).toHaveURL(storeUrl(storeId, '/'));
    await expect(page).toHaveTitle(new RegExp(escapeRegExp(draft.serviceName)));
    await page.goto(storeUrl(storeId, '/plans'));
    await expect(page).toHaveTitle(new RegExp(escapeRegExp(draft.serviceName)));
    await expect(callToAction(page)).toHaveCSS('background-color', hexToRgb(draft.colors.accentColor));

    // Everyone else: the live store, as it was.
    const other = await browser.newContext();
    try {
      const viewer = await other.newPage();
      await viewer.goto(storeUrl(storeId, '/plans'));
      await expect(viewer).toHaveTitle(new RegExp(escapeRegExp(live.serviceName)));
      await expect(viewer).not.toHaveTitle(new RegExp(escapeRegExp(draft.serviceName)));
      await expect(callToAction(viewer)).toHaveCSS('background-color', hexToRgb(live.colors.accentColor));
    } finally {
      await other.close();
    }

    // Leaving the preview: the same browser sees the live store again.
    await page.goto(storeUrl(storeId, '/__preview/end'));
    await expect(page).toHaveURL(storeUrl(storeId, '/'));
    await expect(page).toHaveTitle(new RegExp(escapeRegExp(live.serviceName)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
