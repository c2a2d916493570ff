/**
 * Issue 20, point 4 (decision 0045): what the 特定商取引法 wants on the final confirmation of a
 * subscription (kurenai's weekly pass: ¥165 for 4 weeks, then ¥330 from week 5; the cycle, the
 * contract period, the next charge, how and until when to cancel, a button that names the act),
 * and the store's 特定商取引法に基づく表記 page linked from the footer and the confirmation. Each
 * project (1280 px and 390 px) reads both in Japanese and in English; screenshots are kept under
 * tmp/legal-shots/ to look at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from '../fixtures.ts';
import { field, mainButton } from '../identity/support.ts';
import { signUpByCalls } from '../mypage/member-support.ts';
import { ROOT } from '../server-process.ts';

const SHOTS = join(ROOT, 'tmp/legal-shots');
const nextYear = String(new Date().getFullYear() + 2);

async function shot(page: Page, name: string, project: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${project}-${name}.png`), fullPage: true });
}

test('kurenai: the weekly pass confirmation shows every legally required item, in Japanese and English, and links the legal page', async ({
  page,
  storeUrl,
  axe,
}, testInfo) => {
  test.setTimeout(150_000);
  const project = testInfo.project.name;
  await signUpByCalls(page, storeUrl, 'kurenai');
  await page.goto(storeUrl('kurenai', '/plans/weekly-pass'));
  await waitForHydration(page);
  // No registered card: the card form of the purchase itself.
  await expect(page.getByRole('radio', { name: 'クレジットカード' })).toBeChecked();
  await field(page, 'textbox', 'カード番号').pressSequentially('4111111111111111');
  await field(page, 'combobox', '有効期限（月）').selectOption('12');
  await field(page, 'combobox', '有効期限（年）').selectOption(nextYear);
  await field(page, 'textbox', 'セキュリティコード').fill('123');
  await mainButton(page, '確認画面へ進む').click();
  await expect(page).toHaveURL(/\/plans\/weekly-pass\/confirm\?token=/);
  await waitForHydration(page);

  const terms = page.getByRole('region', { name: 'お申し込みの前にご確認ください' });
  await expect(terms).toContainText('1〜4回目');
  await expect(terms).toContainText('各¥165');
  await expect(terms).toContainText('5回目');
  await expect(terms).toContainText('毎回¥330');
  await expect(terms).toContainText('1週間ごとに自動更新');
  await expect(terms).toContainText('解約のお手続きをされるまで自動で更新されます');
  await expect(terms).toContainText('次回のお支払い');
  await expect(terms).toContainText('までに解約すると、以降の料金はかかりません');
  await expect(terms.getByRole('link', { name: 'マイページで解約する' })).toHaveAttribute('href', '/mypage/plans');
  await expect(terms.getByRole('link', { name: '特定商取引法に基づく表記' })).toHaveAttribute('href', '/legal/tokushoho');
  // The button names the act; a bare 購入する is gone.
  await expect(mainButton(page, '申し込みを確定する')).toBeEnabled();
  await expect(page.getByRole('main').getByRole('button', { name: '購入する' })).toHaveCount(0);
  expect(await axe(page)).toEqual([]);
  await shot(page, 'confirm-ja', project);

  // The same confirmation in English.
  await page.goto(`${page.url()}&lang=en`);
  await waitForHydration(page);
  const en = page.getByRole('region', { name: 'Please read before you confirm' });
  await expect(en).toContainText('Payments 1–4');
  await expect(en).toContainText('¥165 each');
  await expect(en).toContainText('From payment 5');
  await expect(en).toContainText('¥330 each');
  await expect(en).toContainText('Renews automatically every week');
  await expect(en).toContainText('renews automatically until you cancel');
  await expect(en.getByRole('link', { name: 'Cancel in My Page' })).toHaveAttribute('href', '/mypage/plans');
  await expect(mainButton(page, 'Confirm subscription')).toBeEnabled();
  // The terms are all English (the campaign's name above them is the store's text of the verify).
  expect(await en.textContent()).not.toMatch(/[ぁ-んァ-ン。：]/);
  await shot(page, 'confirm-en', project);

  // The legal page from the confirmation's link.
  await en.getByRole('link', { name: 'Legal notice (Specified Commercial Transactions Act)' }).click();
  await expect(page).toHaveURL(/\/legal\/tokushoho/);
  await expect(page.getByRole('heading', { level: 1, name: 'Legal notice (Specified Commercial Transactions Act)' })).toBeVisible();
});

test('the 特定商取引法 page of each demo store, linked from the footer, in Japanese and English', async ({
  page,
  storeUrl,
  axe,
}, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  await page.goto(storeUrl('kurenai', '/'));
  await waitForHydration(page);
  await page.getByRole('contentinfo').getByRole('link', { name: '特定商取引法に基づく表記' }).click();
  await expect(page).toHaveURL(storeUrl('kurenai', '/legal/tokushoho'));
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: '特定商取引法に基づく表記' })).toBeVisible();
  for (const text of [
    '株式会社くれないアニメーション',
    '代表取締役社長 紅林 咲',
    '東京都中野区',
    '03-5555-0390',
    'ウィークリーパス',
    '¥330 / 週（税込）',
    'クレジットカード',
    'PayPal',
  ]) {
    await expect(main).toContainText(text);
  }
  await expect(main.getByRole('link', { name: 'マイページで解約する' })).toHaveAttribute('href', '/mypage/plans');
  expect(await axe(page)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the page is wider than the window').toBeLessThanOrEqual(0);
  await shot(page, 'legal-kurenai-ja', project);

  await page.goto(storeUrl('midori', '/legal/tokushoho?lang=en'));
  await waitForHydration(page);
  for (const text of [
    'Seller',
    'Midori no Mori Broadcasting Co., Ltd.',
    'Head of Operations',
    '022-555-0175',
    'docomo',
    'Returns and cancellation',
  ]) {
    await expect(page.getByRole('main')).toContainText(text);
  }
  // All English but the store's service name (a single text in the settings).
  expect(await page.getByRole('main').locator('dl').textContent()).not.toMatch(/[ぁ-んァ-ン。：、]/);
  await shot(page, 'legal-midori-en', project);

  // aozora's own footer link points at the page: it shows once.
  await page.goto(storeUrl('aozora', '/'));
  await expect(page.getByRole('contentinfo').getByRole('link', { name: '特定商取引法に基づく表記' })).toHaveCount(1);
});
