/**
 * Buying (issue 9), as members do it through the real sandbox provider, on two stores, each case
 * once and the matrix covered as a whole (desktop 1280 px and mobile 390 px, Japanese and English),
 * every screen checked with axe-core:
 * - desktop: aozora (ja) a rental with a registered card; aozora (en) the yearly subscription with
 *   its automatic campaign and the store's survey (a refused answer first); kurenai (en) a purchase
 *   paid once with PayPal on the provider's page, with the plan's completion message.
 * - desktop: midori (ja) a card added in My Page from the purchase goes back to it, and the monthly
 *   subscription paid by docomo, its agreement registered from the purchase page.
 * - mobile: kurenai (ja) a member without a card buys the weekly subscription typing, in the purchase
 *   form, a card that asks for 3-D Secure; aozora (en)
 *   a rental paid once by docomo; aozora (ja) a newcomer's purchase from the sign-up's plan list
 *   (/signup/plans/{id}/confirm and /complete) with a 100 % campaign code.
 */
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from '../fixtures.ts';
import { field, mainButton, Outbox, signUpOnAozora } from '../identity/support.ts';
import { type StoreUrl, signUpByCalls } from '../mypage/member-support.ts';

type Axe = (page: Page) => Promise<unknown[]>;

async function clean(page: Page, axe: Axe, what: string) {
  await waitForHydration(page);
  expect.soft(await axe(page), `${what}: serious or critical axe violations`).toEqual([]);
}

const nextYear = String(new Date().getFullYear() + 2);

/** Adds a card in My Page (Japanese) through the provider's tokenisation script. */
async function addVisa(page: Page, storeUrl: StoreUrl, storeId: string, digits = '4111111111111111') {
  await page.goto(storeUrl(storeId, '/mypage/payment-method'));
  await waitForHydration(page);
  await page.getByRole('radio', { name: 'クレジットカード' }).check();
  await field(page, 'textbox', 'カード番号').pressSequentially(digits);
  await field(page, 'combobox', '有効期限（月）').selectOption('12');
  await field(page, 'combobox', '有効期限（年）').selectOption(nextYear);
  await field(page, 'textbox', 'セキュリティコード').fill('123');
  await mainButton(page, 'カードを登録する').click();
  await expect(page).toHaveURL(storeUrl(storeId, '/mypage/payment-method/complete'));
}

test('aozora: a guest picks the rental, signs up from the login page, lands back on it and pays with the card form', async ({
  page,
  context,
  storeUrl,
  axe,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'each purchase case runs in one project');
  test.setTimeout(150_000);
  // Issue 20, points 1 and 2: the plan survives /login -> 新規登録 -> the whole sign-up.
  await page.goto(storeUrl('aozora', '/plans/new-release-rental'));
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fplans%2Fnew-release-rental$/);
  await waitForHydration(page);
  // The header's link and the form's both keep the plan.
  await expect(page.getByRole('banner').getByRole('link', { name: '新規登録' })).toHaveAttribute(
    'href',
    '/signup?redirectTo=%2Fplans%2Fnew-release-rental',
  );
  await page.getByRole('main').getByRole('link', { name: '新規登録' }).click();
  await expect(page).toHaveURL(/\/signup\/auth\?redirectTo=%2Fplans%2Fnew-release-rental$/);
  await waitForHydration(page);
  await page.getByRole('link', { name: 'メールアドレスで登録' }).click();
  await expect(page).toHaveURL(/\/signup\/email\?redirectTo=%2Fplans%2Fnew-release-rental$/);
  const outbox = await Outbox.open(context, storeUrl('aozora', '/dev/outbox'));
  await signUpOnAozora(page, outbox, storeUrl, undefined, { onPage: true, next: /\/plans\/new-release-rental$/ });
  await expect(page.getByRole('heading', { level: 1, name: '購入手続き' })).toBeVisible();
  await clean(page, axe, 'aozora /plans/new-release-rental without a registered card');

  // No registered card: the card form is the preselected payment choice of the purchase itself.
  await expect(page.getByRole('radio', { name: 'クレジットカード' })).toBeChecked();
  await field(page, 'textbox', 'カード番号').pressSequentially('4111111111111111');
  await field(page, 'combobox', '有効期限（月）').selectOption('12');
  await field(page, 'combobox', '有効期限（年）').selectOption(nextYear);
  await field(page, 'textbox', 'セキュリティコード').fill('123');
  await mainButton(page, '確認画面へ進む').click();
  await expect(page).toHaveURL(/\/plans\/new-release-rental\/confirm\?token=/);
  const main = page.getByRole('main');
  await expect(main).toContainText('Visa');
  // A rental is paid once: no first payment day.
  await expect(main).not.toContainText('初回お支払い日');
  await mainButton(page, '注文を確定する').click();
  await expect(page).toHaveURL(/\/plans\/new-release-rental\/complete\?orderId=/);
  await expect(page.getByRole('heading', { level: 1, name: 'お手続き完了' })).toBeVisible();
});

test('aozora: buy the rental with a registered card, confirm, complete', async ({ page, storeUrl, axe }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'each purchase case runs in one project');
  test.setTimeout(150_000);
  await signUpByCalls(page, storeUrl, 'aozora');
  await addVisa(page, storeUrl, 'aozora');

  await page.goto(storeUrl('aozora', '/plans/new-release-rental'));
  await expect(page.getByRole('heading', { level: 1, name: '購入手続き' })).toBeVisible();
  await clean(page, axe, 'aozora /plans/new-release-rental');
  await page.getByRole('radio', { name: /Visa \*\*\*\* 1111/ }).check();
  await mainButton(page, '確認画面へ進む').click();

  await expect(page).toHaveURL(/\/plans\/new-release-rental\/confirm\?token=/);
  await expect(page.getByRole('heading', { level: 1, name: 'ご購入内容の確認' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('¥440');
  await expect(page.getByRole('main')).toContainText('視聴期間');
  await clean(page, axe, 'aozora /plans/new-release-rental/confirm');
  await mainButton(page, '注文を確定する').click();

  await expect(page).toHaveURL(/\/plans\/new-release-rental\/complete\?orderId=/);
  await expect(page.getByRole('heading', { level: 1, name: 'お手続き完了' })).toBeVisible();
  await clean(page, axe, 'aozora /plans/new-release-rental/complete');
});

test('kurenai: a member without a card buys the weekly subscription typing a card that asks for 3-D Secure in the purchase form', async ({
  page,
  storeUrl,
  axe,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'each purchase case runs in one project');
  test.setTimeout(150_000);
  // Issue 20, point 1 (decision 0048): the card form is a payment choice of the purchase itself.
  await signUpByCalls(page, storeUrl, 'kurenai');
  await page.goto(storeUrl('kurenai', '/plans/weekly-pass'));
  await expect(page.getByRole('heading', { level: 1, name: '購入手続き' })).toBeVisible();
  await waitForHydration(page);
  // No registered card: the card form is preselected; no code choice, the plan has no 100 % code.
  await expect(page.getByRole('radio', { name: 'クレジットカード' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'キャンペーンコード' })).toHaveCount(0);
  await clean(page, axe, 'kurenai /plans/weekly-pass without a registered card');
  const card = page.getByRole('form', { name: 'クレジットカード情報' });
  await field(card, 'textbox', 'カード番号').pressSequentially('4000000000003220');
  await field(card, 'combobox', '有効期限（月）').selectOption('12');
  await field(card, 'combobox', '有効期限（年）').selectOption(nextYear);
  await field(card, 'textbox', 'セキュリティコード').fill('123');
  await mainButton(page, '確認画面へ進む').click();
  await expect(page.getByRole('heading', { level: 1, name: 'ご購入内容の確認' })).toBeVisible();
  // The automatic campaign (tenants/kurenai.json): 165 yen for the first 4 weeks, without a code.
  const main = page.getByRole('main');
  await expect(main).toContainText('Visa');
  await expect(main).toContainText('¥165');
  await expect(main).toContainText('ウィークリーパス 最初の4週 165円');
  await expect(main).toContainText('4回');
  await clean(page, axe, 'kurenai /plans/weekly-pass/confirm');
  await mainButton(page, '申し込みを確定する').click();

  await expect(page.getByRole('heading', { name: '3Dセキュア認証' })).toBeVisible();
  await page.getByLabel('ワンタイムパスワード').fill('1234');
  await page.getByRole('button', { name: '認証する' }).click();
  await expect(page).toHaveURL(/\/plans\/weekly-pass\/complete\?orderId=/);
  await expect(page.getByRole('heading', { level: 1, name: 'お手続き完了' })).toBeVisible();
  await clean(page, axe, 'kurenai completion after 3-D Secure');
  // The card typed at checkout is the member's card now, the one the subscription renews from.
  await page.goto(storeUrl('kurenai', '/mypage/payment-method'));
  await expect(page.getByRole('main')).toContainText('3220');
});

test('midori: a card added from /mypage/payment-method?redirectTo= goes back to the purchase; a subscription paid by docomo registered from the purchase page', async ({
  page,
  storeUrl,
  axe,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'each purchase case runs in one project');
  test.setTimeout(150_000);
  await signUpByCalls(page, storeUrl, 'midori');
  // The card page of My Page, entered from a purchase: once the card is kept, back to that purchase.
  await page.goto(storeUrl('midori', '/mypage/payment-method?redirectTo=%2Fplans%2Fmonthly'));
  await waitForHydration(page);
  await page.getByRole('radio', { name: 'クレジットカード' }).check();
  await field(page, 'textbox', 'カード番号').pressSequentially('4111111111111111');
  await field(page, 'combobox', '有効期限（月）').selectOption('12');
  await field(page, 'combobox', '有効期限（年）').selectOption(nextYear);
  await field(page, 'textbox', 'セキュリティコード').fill('123');
  await mainButton(page, 'カードを登録する').click();
  await expect(page).toHaveURL(storeUrl('midori', '/plans/monthly'));
  await expect(page.getByRole('heading', { level: 1, name: '購入手続き' })).toBeVisible();
  await waitForHydration(page);
  await expect(page.getByRole('radio', { name: /Visa \*\*\*\* 1111/ })).toBeChecked();

  // docomo for a subscription: the agreement is made on the carrier's page after the confirmation.
  await page.getByRole('radio', { name: 'ドコモ払い' }).check();
  await expect(page.getByRole('main')).toContainText('継続課金のお支払いを登録します');
  await clean(page, axe, 'midori /plans/monthly with docomo chosen');
  await mainButton(page, '確認画面へ進む').click();
  await expect(page.getByRole('heading', { level: 1, name: 'ご購入内容の確認' })).toBeVisible();
  await waitForHydration(page);
  await mainButton(page, '申し込みを確定する').click();
  await page.getByRole('button', { name: '承認する' }).click();
  await expect(page).toHaveURL(/\/plans\/monthly\/complete\?orderId=/);
  await expect(page.getByRole('heading', { level: 1, name: 'お手続き完了' })).toBeVisible();
});

test('aozora (English): a rental paid once by docomo carrier billing on the provider page', async ({ page, storeUrl, axe }, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'each purchase case runs in one project');
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
  await mainButton(page, 'Place order').click();
  await page.getByRole('button', { name: /承認する|Approve/ }).click();
  await expect(page).toHaveURL(/\/plans\/new-release-rental\/complete\?orderId=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order complete' })).toBeVisible();
});

test('aozora (English): the yearly subscription with a card, its automatic campaign and the survey, one answer refused first', async ({
  page,
  storeUrl,
  axe,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'each purchase case runs in one project');
  test.setTimeout(150_000);
  await signUpByCalls(page, storeUrl, 'aozora');
  await addVisa(page, storeUrl, 'aozora');
  await page.goto(storeUrl('aozora', '/plans/premium-yearly?lang=en'));
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase' })).toBeVisible();
  await waitForHydration(page);
  // The automatic campaign's price on the form itself (issue 20.7), before the confirmation.
  await expect(page.getByRole('main')).toContainText('Campaign price ¥7,800');
  await page.getByRole('radio', { name: /Visa \*\*\*\* 1111/ }).check();
  await page
    .getByRole('group', { name: /How did you hear about Aozora Cinema\?/ })
    .getByRole('radio', { name: 'Social media' })
    .check();
  const genres = page.getByRole('group', { name: /Which genres do you watch most\?/ });
  for (const name of ['Foreign films', 'Japanese films', 'Documentaries', 'Classics']) await genres.getByRole('checkbox', { name }).check();
  await mainButton(page, 'Continue to confirmation').click();
  await expect(genres.getByText('Please choose at most 3.')).toBeVisible();
  await clean(page, axe, 'aozora /plans/premium-yearly (survey answer refused)');
  await genres.getByRole('checkbox', { name: 'Classics' }).uncheck();
  await page.getByRole('textbox', { name: /Any films you would like us to add\?/ }).fill('More Ozu, please.');
  await mainButton(page, 'Continue to confirmation').click();

  await expect(page).toHaveURL(/\/plans\/premium-yearly\/confirm\?token=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your order' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('¥7,800');
  await expect(main).toContainText('Yearly plan: 7,800 yen for the first year');
  // One plan: its row reads "Plan" (issue 20.7); a subscription names its first payment day.
  await expect(main.getByText('Plan', { exact: true })).toBeVisible();
  await clean(page, axe, 'aozora /plans/premium-yearly/confirm in English');
  await mainButton(page, 'Confirm subscription').click();
  await expect(page).toHaveURL(/\/plans\/premium-yearly\/complete\?orderId=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order complete' })).toBeVisible();
  await clean(page, axe, 'aozora /plans/premium-yearly/complete in English');

  // Held now: the form's button is disabled beside the card's "not available" (issue 20.7).
  await page.goto(storeUrl('aozora', '/plans/premium-yearly?lang=en'));
  await waitForHydration(page);
  await expect(page.getByRole('main').getByText('Not available')).toBeVisible();
  await expect(mainButton(page, 'Continue to confirmation')).toBeDisabled();
});

test("kurenai (English): a purchase paid once with PayPal on the provider page, then the plan's completion message", async ({
  page,
  storeUrl,
  axe,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'each purchase case runs in one project');
  test.setTimeout(150_000);
  await signUpByCalls(page, storeUrl, 'kurenai');
  await page.goto(storeUrl('kurenai', '/plans/crimson-blade-soundtrack-live?lang=en'));
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase' })).toBeVisible();
  await clean(page, axe, 'kurenai /plans/crimson-blade-soundtrack-live in English');
  await page.getByRole('radio', { name: 'PayPal' }).check();
  await mainButton(page, 'Continue to confirmation').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your order' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('¥3,300');
  await expect(page.getByRole('main')).toContainText('PayPal');
  await waitForHydration(page);
  await mainButton(page, 'Place order').click();
  await page.getByRole('button', { name: /承認する|Approve/ }).click();
  await expect(page).toHaveURL(/\/plans\/crimson-blade-soundtrack-live\/complete\?orderId=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order complete' })).toBeVisible();
  await expect(page.getByText('Thank you for your purchase. Watch it any time from My Page.')).toBeVisible();
  await clean(page, axe, 'kurenai completion after PayPal in English');
});

test('aozora: a newcomer buys from the sign-up plan list with a 100 % campaign code (the code asked for first)', async ({
  page,
  storeUrl,
  axe,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'each purchase case runs in one project');
  test.setTimeout(150_000);
  await signUpByCalls(page, storeUrl, 'aozora');
  await page.goto(storeUrl('aozora', '/signup/plans'));
  const card = page.getByRole('main').getByRole('article', { name: '新作レンタル『夜明けのプラットホーム』（48時間）', exact: true });
  await waitForHydration(page);
  await card.getByRole('link').last().click();
  await expect(page).toHaveURL(/\/plans\/new-release-rental\?signup=1$/);
  await waitForHydration(page);
  await page.getByRole('radio', { name: 'キャンペーンコード' }).check();
  await mainButton(page, '確認画面へ進む').click();
  await expect(page.getByText('キャンペーンコードを入力してください')).toBeVisible();
  await clean(page, axe, 'aozora /plans/new-release-rental?signup=1 (code missing)');
  await field(page, 'textbox', 'キャンペーンコード').fill('rentalfree');
  await mainButton(page, '確認画面へ進む').click();

  await expect(page).toHaveURL(/\/signup\/plans\/new-release-rental\/confirm\?token=/);
  await expect(page.getByRole('heading', { level: 1, name: 'ご購入内容の確認' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('¥0');
  await expect(main).toContainText('新作レンタル 無料視聴キャンペーン');
  await clean(page, axe, 'aozora /signup/plans/new-release-rental/confirm');
  await mainButton(page, '注文を確定する').click();
  await expect(page).toHaveURL(/\/signup\/plans\/new-release-rental\/complete\?orderId=/);
  await expect(page.getByRole('heading', { level: 1, name: 'お手続き完了' })).toBeVisible();
  await clean(page, axe, 'aozora /signup/plans/new-release-rental/complete');
});
