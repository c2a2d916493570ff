/**
 * A member's subscription on aozora (issue 10, member pages), in Chromium: the plan list and its
 * withdraw mode, cancelling with the survey and undoing it (desktop, Japanese); the payment history
 * and an invoice printed to PDF on one A4 page (phone, English). Each page checked with axe-core.
 */
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from '../fixtures.ts';
import { mainButton } from '../identity/support.ts';
import { aozoraMemberWithCard, buyWithCalls } from './support.ts';

type Axe = (page: Page) => Promise<unknown[]>;

async function clean(page: Page, axe: Axe, what: string) {
  await waitForHydration(page);
  expect.soft(await axe(page), `${what}: serious or critical axe violations`).toEqual([]);
}

test('aozora: the trial on /mypage/plans, withdrawal blocked, cancel with the survey in withdraw mode, then undo', async ({
  page,
  storeUrl,
  axe,
}) => {
  test.skip(test.info().project.name !== 'desktop', 'the phone width is walked by the history spec below');
  test.setTimeout(150_000);
  const { methodId } = await aozoraMemberWithCard(page, storeUrl);
  await buyWithCalls(page, 'standard-monthly', { paymentMethodId: methodId });

  // The account top lists it; the menu's プラン leads to the plan list.
  await page.goto(storeUrl('aozora', '/mypage'));
  await expect(page.getByRole('article', { name: 'スタンダード月額プラン' })).toBeVisible();
  await page.getByRole('navigation', { name: 'マイページメニュー' }).getByRole('link', { name: 'プラン', exact: true }).click();
  await expect(page).toHaveURL(storeUrl('aozora', '/mypage/plans'));
  const card = page.getByRole('article').filter({ hasText: '無料トライアル中' });
  await expect(card).toContainText('次回決済日：');
  await expect(card).toContainText('Visa **** 1111');
  await clean(page, axe, '/mypage/plans');

  // Withdrawal is refused while it would renew; the page leads to the plans in withdraw mode.
  await page.goto(storeUrl('aozora', '/withdraw'));
  await expect(page.getByRole('alert')).toContainText('ご契約中のプランがあるため退会できません。');
  await clean(page, axe, '/withdraw (blocked)');
  await page.getByRole('link', { name: 'ご契約中のプランを確認する' }).click();
  await expect(page).toHaveURL(/\/mypage\/plans\?returnTo=%2Fwithdraw$/);
  await page.getByRole('link', { name: '解約する' }).click();

  // The cancellation asks the store's survey (required radio); unanswered, it says so.
  await expect(page.getByRole('heading', { level: 1, name: 'プランの解約' })).toBeVisible();
  await clean(page, axe, '/mypage/subscription/{id}/withdraw');
  await mainButton(page, '解約する').click();
  await expect(page.getByRole('group', { name: /退会の主な理由/ })).toContainText('選択してください。');
  await page.getByRole('radio').first().check();
  await mainButton(page, '解約する').click();
  await expect(page.getByRole('heading', { level: 1, name: '解約手続き完了' })).toBeVisible();
  await clean(page, axe, '/mypage/subscription/{id}/withdraw/complete');

  // Back to the withdrawal: no longer blocked (the plan ends by itself).
  await page.getByRole('link', { name: '退会手続きへ進む' }).click();
  await expect(page.getByRole('checkbox', { name: '上記の内容を確認し、退会に同意します' })).toBeVisible();

  // The cancel request shows 解約予定 and 終了日時, no payment method; undo it.
  await page.goto(storeUrl('aozora', '/mypage/plans'));
  const ending = page.getByRole('article').filter({ hasText: '解約予定' });
  await expect(ending).toContainText('終了日時：');
  await expect(ending).not.toContainText('Visa');
  await ending.getByRole('link', { name: '契約内容を見る' }).click();
  await expect(page.getByRole('term').filter({ hasText: '終了日時' })).toBeVisible();
  await clean(page, axe, '/mypage/subscription/{id} (cancel requested)');
  await page.getByRole('link', { name: 'プランを継続する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '解約の取り消し' })).toBeVisible();
  await waitForHydration(page);
  await mainButton(page, 'プランを継続する').click();
  await expect(page.getByRole('heading', { level: 1, name: '解約取り消し完了' })).toBeVisible();
  await page.goto(storeUrl('aozora', '/mypage/plans'));
  await expect(page.getByRole('article').filter({ hasText: '無料トライアル中' })).toBeVisible();
});

test('aozora in English on a phone: the payment history links each payment to its invoice, printed on one A4 page', async ({
  page,
  storeUrl,
  axe,
}) => {
  test.skip(test.info().project.name !== 'mobile', 'the desktop width is walked by the plan spec above');
  test.setTimeout(150_000);
  const { methodId } = await aozoraMemberWithCard(page, storeUrl);
  await buyWithCalls(page, 'remaster-4k-purchase', { paymentMethodId: methodId });

  await page.goto(storeUrl('aozora', '/mypage/payment-history?lang=en'));
  await expect(page.getByRole('heading', { level: 1, name: 'Payment history' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('¥2,500 (tax incl.)');
  await clean(page, axe, '/mypage/payment-history');
  await page.getByRole('link', { name: 'Receipt' }).click();

  // The addressee first: required, then the sheet.
  await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  await waitForHydration(page);
  await mainButton(page, 'Show the receipt').click();
  await expect(page.getByText('Enter the addressee.')).toBeVisible();
  await page.getByRole('textbox', { name: /Addressee/ }).fill('Aozora Trading Co., Ltd.');
  await page.getByRole('radio', { name: '御中' }).check();
  await mainButton(page, 'Show the receipt').click();
  const sheet = page.getByRole('article', { name: 'Receipt' });
  await expect(sheet).toContainText('Aozora Trading Co., Ltd. 御中');
  await expect(sheet).toContainText('Registration number: T1234567890123');
  await expect(sheet).toContainText('¥2,500 (including consumption tax ¥227)');
  await clean(page, axe, '/mypage/invoice/{id}');

  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? [];
  expect(pages).toHaveLength(1);
});
