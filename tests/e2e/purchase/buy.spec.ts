/**
 * Buying (issue 9), as a member does it through the real sandbox provider: on aozora a new member
 * adds a Visa in My Page, opens the rental, chooses the card, confirms the order (the price and the
 * viewing window shown) and buys; the completion page follows. Checked with axe-core at both projects.
 */
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from '../fixtures.ts';
import { field, mainButton, Outbox, uniqueEmail } from '../identity/support.ts';

type StoreUrl = (storeId: string, path?: string) => string;
type Axe = (page: Page) => Promise<unknown[]>;

const FORMS: Record<string, Record<string, unknown>> = {
  aozora: {
    name: '青空 花子',
    nameKana: 'アオゾラ ハナコ',
    sex: '2',
    birthday: '19920315',
    password: 'Aozora2026ok',
    passwordConfirm: 'Aozora2026ok',
    policyConsentData: [
      { policyId: 'aozora-terms', revision: 3, agreed: true },
      { policyId: 'aozora-privacy', revision: 2, agreed: true },
    ],
  },
  midori: {
    familyName: '森',
    givenName: 'みどり',
    prefecture: '13',
    customAssociatedInfo: [
      { id: 'referral', value: 'web' },
      { id: 'interests', value: [] },
      { id: 'organization', value: '' },
    ],
    password: 'midori2026ok',
    passwordConfirm: 'midori2026ok',
    policyConsentData: [
      { policyId: 'midori-terms', revision: 1, agreed: true },
      { policyId: 'midori-privacy', revision: 1, agreed: true },
    ],
  },
};

/** Signs a new member up through the sign-up calls (same-origin fetches); the page ends signed in. */
async function signUp(page: Page, storeUrl: StoreUrl, storeId: string): Promise<void> {
  const email = uniqueEmail(storeId);
  await page.goto(storeUrl(storeId, '/plans'));
  const post = async (path: string, data: unknown) => {
    const answer = await page.evaluate(
      async ([url, body]) => {
        const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        return { status: res.status, text: await res.text() };
      },
      [path, data] as const,
    );
    expect(answer.status, `${path}: ${answer.text}`).toBe(200);
  };
  await post('/zapi/signup/email', { type: 'signUp', email });
  const outbox = await Outbox.open(page.context(), storeUrl(storeId, '/dev/outbox'));
  await post('/zapi/signup/pin-code', { pinCode: await outbox.code(email) });
  await outbox.page.close();
  await post('/zapi/signup', FORMS[storeId]);
}

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
  await signUp(page, storeUrl, 'aozora');
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
  await signUp(page, storeUrl, 'aozora');
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
  await signUp(page, storeUrl, 'aozora');
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
