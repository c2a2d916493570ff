/**
 * Buying (issue 9), as a member does it through the real sandbox provider: on aozora a new member
 * adds a Visa in My Page, opens the rental, chooses the card, confirms the order (the price and the
 * viewing window shown) and buys; the completion page follows. Checked with axe-core at both projects.
 */
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from '../fixtures.ts';
import { field, mainButton } from '../identity/support.ts';
import { type StoreUrl, signUpByCalls } from '../mypage/member-support.ts';

type Axe = (page: Page) => Promise<unknown[]>;

async function clean(page: Page, axe: Axe, what: string) {
  await waitForHydration(page);
  expect.soft(await axe(page), `${what}: serious or critical axe violations`).toEqual([]);
}

const nextYear = String(new Date().getFullYear() + 2);

async function addVisa(page: Page, storeUrl: StoreUrl, digits = '4111111111111111') {
  await page.goto(storeUrl('aozora', '/mypage/payment-method'));
  await waitForHydration(page);
  await page.getByRole('radio', { name: 'クレジットカード' }).check();
  await field(page, 'textbox', 'カード番号').pressSequentially(digits);
  await field(page, 'combobox', '有効期限（月）').selectOption('12');
  await field(page, 'combobox', '有効期限（年）').selectOption(nextYear);
  await field(page, 'textbox', 'セキュリティコード').fill('123');
  await mainButton(page, 'カードを登録する').click();
  await expect(page).toHaveURL(storeUrl('aozora', '/mypage/payment-method/complete'));
}

test('aozora: buy the rental with a registered card, confirm, complete', async ({ page, storeUrl, axe }) => {
  test.setTimeout(150_000);
  await signUpByCalls(page, storeUrl, 'aozora');
  await addVisa(page, storeUrl);

  await page.goto(storeUrl('aozora', '/plans/new-release-rental'));
  await expect(page.getByRole('heading', { level: 1, name: '購入手続き' })).toBeVisible();
  await clean(page, axe, 'aozora /plans/new-release-rental');
  await page.getByRole('radio', { name: /Visa \*\*\*\* 1111/ }).check();
  await mainButton(page, '確認画面へ進む').click();

  await expect(page).toHaveURL(/\/plans\/new-release-rental\/confirm\?token=/);
  await expect(page.getByRole('heading', { level: 1, name: 'ご購入内容の確認' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('¥440');
  await expect(page.getByRole('main')).toContainText('視聴期限');
  await clean(page, axe, 'aozora /plans/new-release-rental/confirm');
  await mainButton(page, '購入する').click();

  await expect(page).toHaveURL(/\/plans\/new-release-rental\/complete\?orderId=/);
  await expect(page.getByRole('heading', { level: 1, name: 'お手続き完了' })).toBeVisible();
  await clean(page, axe, 'aozora /plans/new-release-rental/complete');
});

test('aozora: a card that asks for 3-D Secure: the provider page, the one-time password, back to the completion', async ({
  page,
  storeUrl,
  axe,
}) => {
  test.setTimeout(150_000);
  await signUpByCalls(page, storeUrl, 'aozora');
  await addVisa(page, storeUrl, '4000000000003220');
  await page.goto(storeUrl('aozora', '/plans/new-release-rental'));
  await waitForHydration(page);
  await page.getByRole('radio', { name: /Visa \*\*\*\* 3220/ }).check();
  await mainButton(page, '確認画面へ進む').click();
  await expect(page.getByRole('heading', { level: 1, name: 'ご購入内容の確認' })).toBeVisible();
  await waitForHydration(page);
  await mainButton(page, '購入する').click();

  await expect(page.getByRole('heading', { name: '3Dセキュア認証' })).toBeVisible();
  await page.getByLabel('ワンタイムパスワード').fill('1234');
  await page.getByRole('button', { name: '認証する' }).click();
  await expect(page).toHaveURL(/\/plans\/new-release-rental\/complete\?orderId=/);
  await expect(page.getByRole('heading', { level: 1, name: 'お手続き完了' })).toBeVisible();
  await clean(page, axe, 'aozora completion after 3-D Secure');
});

test('aozora (English): a rental paid once by docomo carrier billing on the provider page', async ({ page, storeUrl, axe }) => {
  test.setTimeout(150_000);
  await signUpByCalls(page, storeUrl, 'aozora');
  await page.goto(storeUrl('aozora', '/plans/new-release-rental?lang=en'));
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase' })).toBeVisible();
  await waitForHydration(page);
  await clean(page, axe, 'aozora /plans/new-release-rental in English');
  await page.getByRole('radio', { name: 'docomo Payment' }).check();
  await mainButton(page, 'Continue to confirmation').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your order' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('docomo Payment');
  await waitForHydration(page);
  await mainButton(page, 'Purchase').click();
  await page.getByRole('button', { name: /承認する|Approve/ }).click();
  await expect(page).toHaveURL(/\/plans\/new-release-rental\/complete\?orderId=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order complete' })).toBeVisible();
});
