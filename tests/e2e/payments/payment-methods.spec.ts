/**
 * Payment methods in My Page (issue 9), as a member uses them, through the real sandbox provider's
 * tokenisation script: aozora in Japanese adds a Visa (the number grouped as typed, the brand
 * shown, a wrong number refused on blur), sees it listed with its state and deletes it through the
 * dialog; midori in English sees a token error from the provider and a card the provider refuses.
 * Every screen is checked with axe-core, at the desktop and the mobile projects.
 */
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from '../fixtures.ts';
import { field, mainButton } from '../identity/support.ts';
import { signUpByCalls } from '../mypage/member-support.ts';

type Axe = (page: Page) => Promise<unknown[]>;

async function clean(page: Page, axe: Axe, what: string) {
  await waitForHydration(page);
  expect.soft(await axe(page), `${what}: serious or critical axe violations`).toEqual([]);
}

const nextYear = String(new Date().getFullYear() + 2);

test('aozora: add a Visa through the provider script, see it listed, delete it with the dialog', async ({ page, storeUrl, axe }) => {
  test.setTimeout(120_000);
  await signUpByCalls(page, storeUrl, 'aozora');
  await page.goto(storeUrl('aozora', '/mypage/payment-method'));
  await expect(page.getByRole('heading', { level: 1, name: '支払い方法' })).toBeVisible();
  await expect(page.getByText('登録されている支払い方法はありません。')).toBeVisible();
  await waitForHydration(page);
  await page.getByRole('radio', { name: 'クレジットカード' }).check();

  const number = field(page, 'textbox', 'カード番号');
  await number.pressSequentially('4111111111111112');
  await expect(number).toHaveValue('4111 1111 1111 1112');
  await expect(page.getByTestId('card-brand')).toHaveText('Visa');
  await field(page, 'combobox', '有効期限（月）').focus();
  await expect(page.getByText('無効なクレジットカード番号です。')).toBeVisible();
  await clean(page, axe, 'aozora /mypage/payment-method (card form with an error)');

  await number.fill('');
  await number.pressSequentially('4111111111111111');
  await field(page, 'combobox', '有効期限（月）').selectOption('12');
  await field(page, 'combobox', '有効期限（年）').selectOption(nextYear);
  await field(page, 'textbox', 'セキュリティコード').fill('123');
  await expect(page.getByText('無効なクレジットカード番号です。')).toHaveCount(0);
  await mainButton(page, 'カードを登録する').click();
  await expect(page).toHaveURL(storeUrl('aozora', '/mypage/payment-method/complete'));
  await expect(page.getByRole('heading', { level: 1, name: '支払い方法登録完了' })).toBeVisible();
  await clean(page, axe, 'aozora /mypage/payment-method/complete');

  await page.getByRole('main').getByRole('link', { name: '支払い方法へ戻る' }).click();
  await expect(page).toHaveURL(storeUrl('aozora', '/mypage/payment-method'));
  const card = page.getByTestId('payment-method');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Visa •••• 1111');
  await expect(card).toContainText(`有効期限 12/${nextYear}`);
  await expect(card.getByText('有効', { exact: true })).toBeVisible();
  await clean(page, axe, 'aozora /mypage/payment-method (one card)');

  // The dialog asks first; cancel keeps the card.
  await card.getByRole('button', { name: 'Visa •••• 1111を削除' }).click();
  const dialog = page.getByRole('dialog', { name: '支払い方法の削除' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Visa •••• 1111 を削除しますか？');
  await clean(page, axe, 'aozora delete dialog');
  await dialog.getByRole('button', { name: 'キャンセル' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: 'Visa •••• 1111を削除' }).click();
  await page.getByRole('dialog', { name: '支払い方法の削除' }).getByRole('button', { name: '削除する' }).click();
  await expect(page).toHaveURL(storeUrl('aozora', '/mypage/payment-method/delete/complete'));
  await expect(page.getByRole('heading', { level: 1, name: '支払い方法削除完了' })).toBeVisible();
  await clean(page, axe, 'aozora /mypage/payment-method/delete/complete');
  await page.goto(storeUrl('aozora', '/mypage/payment-method'));
  await expect(page.getByText('登録されている支払い方法はありません。')).toBeVisible();
});

test('midori (English): a token error and a refused card show their messages; a good card is then kept', async ({
  page,
  storeUrl,
  axe,
  allowConsoleErrors,
}) => {
  test.setTimeout(120_000);
  await signUpByCalls(page, storeUrl, 'midori');
  await page.goto(storeUrl('midori', '/mypage/payment-method?lang=en'));
  await expect(page.getByRole('heading', { level: 1, name: 'Payment methods' })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole('radio', { name: 'Credit card' }).check();

  const fillCard = async (digits: string) => {
    const number = field(page, 'textbox', 'Card number');
    await number.fill('');
    await number.pressSequentially(digits);
    await field(page, 'combobox', 'Expiry month').selectOption('12');
    await field(page, 'combobox', 'Expiry year').selectOption(nextYear);
    await field(page, 'textbox', 'Security code').fill('123');
  };
  // The provider's script answers 99006 for this published number.
  await fillCard('4000000000000119');
  await mainButton(page, 'Register card').click();
  await expect(page.getByText('A system error occurred. Please try again later.')).toBeVisible();
  await clean(page, axe, 'midori /mypage/payment-method (token error, en)');

  // The provider refuses this card when it is registered: the store answers 400.
  allowConsoleErrors(/status of 400/);
  await fillCard('4000000000000069');
  await mainButton(page, 'Register card').click();
  await expect(page.getByText('The credit card could not be registered')).toBeVisible();

  await fillCard('5555555555554444');
  await expect(page.getByTestId('card-brand')).toHaveText('Mastercard');
  await mainButton(page, 'Register card').click();
  await expect(page).toHaveURL(/\/mypage\/payment-method\/complete/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment method registered' })).toBeVisible();
  await page.goto(storeUrl('midori', '/mypage/payment-method?lang=en'));
  await expect(page.getByTestId('payment-method')).toContainText('Mastercard •••• 4444');
  await expect(page.getByTestId('payment-method').getByText('Valid', { exact: true })).toBeVisible();
  await clean(page, axe, 'midori /mypage/payment-method (one card, en)');
});

test('aozora: docomo through the provider’s page (auto-submitted form) from a purchase, approved, back on the purchase and listed with its label; a cancel keeps nothing', async ({
  page,
  storeUrl,
  axe,
}) => {
  test.setTimeout(120_000);
  await signUpByCalls(page, storeUrl, 'aozora');
  // Come from the purchase form's link: the method added goes back to the purchase.
  const purchase = '/plans/standard-monthly';
  await page.goto(storeUrl('aozora', `/mypage/payment-method?redirectTo=${encodeURIComponent(purchase)}`));
  await waitForHydration(page);
  await page.getByRole('radio', { name: 'ドコモ払い' }).check();
  await expect(page.getByText('ドコモ払いのページに移動して登録します。登録が終わるとこのサイトに戻ります。')).toBeVisible();
  await clean(page, axe, 'aozora /mypage/payment-method (docomo chosen)');
  await mainButton(page, 'ドコモ払いで登録する').click();
  // The provider's own page, on its own origin.
  await expect(page.getByRole('button', { name: 'キャンセル' })).toBeVisible();
  expect(new URL(page.url()).host).not.toContain('aozora.localhost');
  await page.getByRole('button', { name: 'キャンセル' }).click();
  await expect(page).toHaveURL(storeUrl('aozora', `/mypage/payment-method?result=cancelled&redirectTo=${encodeURIComponent(purchase)}`));
  await expect(page.getByText('支払い方法の登録をキャンセルしました。')).toBeVisible();
  await expect(page.getByTestId('payment-method')).toHaveCount(0);

  await waitForHydration(page);
  await page.getByRole('radio', { name: 'ドコモ払い' }).check();
  await mainButton(page, 'ドコモ払いで登録する').click();
  await page.getByRole('button', { name: '承認する' }).click();
  await expect(page).toHaveURL(storeUrl('aozora', purchase));
  await expect(page.getByRole('radio', { name: /docomo 090-\*{4}-/ })).toBeVisible();
  await page.goto(storeUrl('aozora', '/mypage/payment-method'));
  const method = page.getByTestId('payment-method');
  await expect(method).toHaveCount(1);
  await expect(method).toContainText('ドコモ払い');
  await expect(method).toContainText('docomo 090-****-');
  await clean(page, axe, 'aozora /mypage/payment-method (docomo kept)');
});
