/**
 * What the subscription specs share: a new aozora member signed up through the sign-up calls, a
 * Visa added through My Page (the card token is made by the provider's script in the page), and a
 * plan bought through the purchase calls (the purchase pages have their own spec).
 */
import type { Page } from '@playwright/test';
import { expect, waitForHydration } from '../fixtures.ts';
import { field, mainButton, Outbox, uniqueEmail } from '../identity/support.ts';
import { callInPage, type StoreUrl } from '../mypage/member-support.ts';

const AOZORA_FORM = {
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
};

async function ok(page: Page, path: string, data?: Record<string, unknown>, method = 'POST'): Promise<Record<string, unknown>> {
  const answer = await callInPage(page, path, data, method);
  expect(answer.status, `${path}: ${answer.body}`).toBe(200);
  return JSON.parse(answer.body) as Record<string, unknown>;
}

/** A signed-in aozora member with a Visa (**** 1111 unless `digits` say otherwise); answers the card's id. */
export async function aozoraMemberWithCard(
  page: Page,
  storeUrl: StoreUrl,
  digits = '4111111111111111',
): Promise<{ email: string; methodId: string }> {
  const email = uniqueEmail('aozora');
  await page.goto(storeUrl('aozora', '/plans'));
  await ok(page, '/zapi/signup/email', { type: 'signUp', email });
  const outbox = await Outbox.open(page.context(), storeUrl('aozora', '/dev/outbox'));
  await ok(page, '/zapi/signup/pin-code', { pinCode: await outbox.code(email) });
  await outbox.page.close();
  await ok(page, '/zapi/signup', AOZORA_FORM);

  return { email, methodId: await addVisa(page, storeUrl, digits) };
}

/** Registers a Visa through My Page; answers the newest method's id. */
export async function addVisa(page: Page, storeUrl: StoreUrl, digits: string): Promise<string> {
  await page.goto(storeUrl('aozora', '/mypage/payment-method'));
  await waitForHydration(page);
  await page.getByRole('radio', { name: 'クレジットカード' }).check();
  await field(page, 'textbox', 'カード番号').pressSequentially(digits);
  await field(page, 'combobox', '有効期限（月）').selectOption('12');
  await field(page, 'combobox', '有効期限（年）').selectOption(String(new Date().getFullYear() + 2));
  await field(page, 'textbox', 'セキュリティコード').fill('123');
  await mainButton(page, 'カードを登録する').click();
  await expect(page).toHaveURL(storeUrl('aozora', '/mypage/payment-method/complete'));
  const list = await ok(page, '/zapi/internal/mypage/payment-method/screen-data', undefined, 'GET');
  const methods = list.methods as { accountPaymentMethodId: string; SbpsCreditInfo: { cardNumberSuffix: string } | null }[];
  return methods.find((m) => m.SbpsCreditInfo?.cardNumberSuffix === digits.slice(-4))?.accountPaymentMethodId ?? '';
}

/** Buys `planId` with the card through the purchase calls (verify, then purchase). */
export async function buyWithCalls(page: Page, planId: string, form: Record<string, unknown>): Promise<void> {
  const verify = await ok(page, `/zapi/purchase/verify/${planId}`, form);
  await ok(page, `/zapi/purchase/${planId}`, { purchaseToken: verify.purchaseToken });
}
