/**
 * Watching (issue 20.6, decision 0046): a member finds what they may watch in My Page and plays
 * the test video on the player page, in the store's playerColor; a title they hold no right to
 * shows the spec's refusal. aozora in Japanese at 1280 px, kurenai in English at 390 px; each
 * screen checked with axe-core. Titles are got with the stores' 100 % campaign codes, by the
 * purchase calls (buying through the pages has its own spec, purchase/buy.spec.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test, waitForHydration } from '../fixtures.ts';
import { callInPage, type StoreUrl, signUpByCalls } from '../mypage/member-support.ts';
import { ROOT } from '../server-process.ts';

type Axe = (page: Page) => Promise<unknown[]>;

async function clean(page: Page, axe: Axe, what: string) {
  await waitForHydration(page);
  expect.soft(await axe(page), `${what}: serious or critical axe violations`).toEqual([]);
}

/** Gets `planId` paid in full by a 100 % campaign code, through the calls the purchase pages make. */
async function getWithCode(page: Page, planId: string, campaignCode: string) {
  const verify = await callInPage(page, `/zapi/purchase/verify/${planId}`, { paymentMethodId: 'CampaignCode', campaignCode });
  expect(verify.status, verify.body).toBe(200);
  const { purchaseToken } = JSON.parse(verify.body) as { purchaseToken: string };
  const purchase = await callInPage(page, `/zapi/purchase/${planId}`, { purchaseToken });
  expect(purchase.status, purchase.body).toBe(200);
}

/** Plays the player page's video until its time has advanced, with no error on the element. */
async function playsVideo(page: Page, playLabel: string, pauseLabel: string) {
  const video = page.locator('video');
  await expect(video).toBeVisible();
  // The codec the stream names is one this Chromium plays through Media Source Extensions.
  expect(await page.evaluate(() => MediaSource.isTypeSupported('video/mp4; codecs="avc1.42c01e"'))).toBe(true);
  await page.evaluate(() => {
    const v = document.querySelector('video') as HTMLVideoElement;
    (window as unknown as { videoErrors: number }).videoErrors = 0;
    v.addEventListener('error', () => {
      (window as unknown as { videoErrors: number }).videoErrors++;
    });
  });
  await page.getByRole('button', { name: playLabel }).click();
  await expect(page.getByRole('button', { name: pauseLabel })).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(1);
  expect(await video.evaluate((v: HTMLVideoElement) => v.error?.code ?? null)).toBeNull();
  expect(await page.evaluate(() => (window as unknown as { videoErrors: number }).videoErrors)).toBe(0);
  expect(await video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(320);
}

/** The file name of the built chunk that holds hls.js (the server under test serves dist/). */
function hlsChunk(): string {
  const dir = join(ROOT, 'dist/client/assets/chunks');
  const found = readdirSync(dir).find((f) => f.endsWith('.js') && readFileSync(join(dir, f), 'utf8').includes('MANIFEST_PARSED'));
  if (!found) throw new Error(`no chunk with hls.js in ${dir}`);
  return found;
}

async function controlsColor(page: Page, playLabel: string): Promise<string> {
  return page.getByRole('button', { name: playLabel }).evaluate((b) => getComputedStyle(b.parentElement as Element).backgroundColor);
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test('aozora (1280 px, Japanese): My Page lists the rental with its window and the purchase; the rental plays; another title is refused', async ({
  page,
  storeUrl,
  axe,
  allowConsoleErrors,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'each case runs in one project');
  test.setTimeout(120_000);
  await signUpByCalls(page, storeUrl as StoreUrl, 'aozora');
  await getWithCode(page, 'new-release-rental', 'RENTALFREE');
  await getWithCode(page, 'remaster-4k-purchase', 'RENTALFREE');

  await page.goto(storeUrl('aozora', '/mypage'));
  const list = page.getByRole('region', { name: '視聴できる作品' });
  await expect(list).toBeVisible();
  const rental = list.locator('[data-plan="new-release-rental"]');
  await expect(rental).toContainText('レンタル');
  // The rental's window (2 days, tenants/aozora.json) and the time left in it.
  await expect(rental).toContainText(/視聴期限：\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}（残り(1日23時間|2日0時間)/);
  const purchase = list.locator('[data-plan="remaster-4k-purchase"]');
  await expect(purchase).toContainText('購入');
  await expect(purchase).toContainText('4Kリマスター版');
  await expect(purchase).not.toContainText('視聴期限');
  await clean(page, axe, 'aozora /mypage with titles');

  await rental.getByRole('link', { name: 'dawn-platform' }).click();
  await expect(page).toHaveURL(storeUrl('aozora', '/mypage/watch/dawn-platform'));
  await expect(page.getByRole('heading', { level: 1, name: '動画を見る' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('視聴期限：');
  await playsVideo(page, '再生', '一時停止');
  // The controls in aozora's playerColor #42a5f5.
  expect(await controlsColor(page, '一時停止')).toBe('rgb(66, 165, 245)');
  await clean(page, axe, 'aozora player');

  // A subscription's title without the subscription: playback's refusal, in the page's language.
  allowConsoleErrors(/status of 403/);
  await page.goto(storeUrl('aozora', '/mypage/watch/dawn-platform-trailer'));
  await expect(page.getByRole('main')).toContainText('この作品を視聴する権利がありません。');
  await expect(page.locator('video')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'プラン一覧へ' })).toHaveAttribute('href', '/plans');
  await clean(page, axe, 'aozora player, refused');
});

test('kurenai (390 px, English): the rental in My Page and the player, in English, with no sideways scroll', async ({
  page,
  storeUrl,
  axe,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'each case runs in one project');
  test.setTimeout(120_000);
  await signUpByCalls(page, storeUrl as StoreUrl, 'kurenai');
  await getWithCode(page, 'crimson-blade-ep1-rental', 'KURENAI100');

  await page.goto(storeUrl('kurenai', '/mypage?lang=en'));
  const list = page.getByRole('region', { name: 'What you can watch' });
  const rental = list.locator('[data-plan="crimson-blade-ep1-rental"]');
  await expect(rental).toContainText('Rental');
  await expect(rental).toContainText(/Watch until \d{4}\/\d{2}\/\d{2} \d{2}:\d{2} \((6 d 23 h|7 d 0 h) left\)/);
  await noSidewaysScroll(page);
  await clean(page, axe, 'kurenai /mypage in English');

  // A slow phone: the stream's library (hls.js, a chunk of its own) arrives 2 s after the page. A
  // press on Play before it has attached the stream is kept and carried out once it has.
  await page.route(`**/assets/chunks/${hlsChunk()}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  await rental.getByRole('link', { name: 'crimson-blade-ep1' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Watch' })).toBeVisible();
  await waitForHydration(page);
  await playsVideo(page, 'Play', 'Pause');
  expect(await controlsColor(page, 'Pause')).toBe('rgb(255, 79, 123)');
  await noSidewaysScroll(page);
  await clean(page, axe, 'kurenai player in English');
});
