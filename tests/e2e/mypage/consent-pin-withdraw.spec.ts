/**
 * My Page, issue 8 slice B, as a member uses it: the consent switches (aozora both screens in
 * Japanese, midori's privacy screen in English, its newsletter screen 404), the PIN on aozora
 * (kurenai: 404), a whole withdrawal in English with the store's survey, after which the address signs up again. Each
 * screen is checked with axe-core. Members are signed up through the sign-up calls (the sign-up
 * pages have their own suite), with the code read from the store's outbox.
 */
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from '../fixtures.ts';
import { field, mainButton, Outbox } from '../identity/support.ts';
import { signUpByCalls } from './member-support.ts';

type Axe = (page: Page) => Promise<unknown[]>;

async function clean(page: Page, axe: Axe, what: string) {
  await waitForHydration(page);
  expect.soft(await axe(page), `${what}: serious or critical axe violations`).toEqual([]);
}

test('aozora: both consent screens switch only after the call, and a failed call keeps the value', async ({
  page,
  storeUrl,
  axe,
  allowConsoleErrors,
}) => {
  await signUpByCalls(page, storeUrl, 'aozora');
  await page.goto(storeUrl('aozora', '/mypage/consent?type=newsletter'));
  await expect(page.getByRole('heading', { level: 1, name: 'メールマガジン' })).toBeVisible();
  await waitForHydration(page);
  const news = page.getByRole('switch', { name: 'あおぞらシネマ メールマガジン' });
  await expect(news).toHaveAttribute('aria-checked', 'true');
  await news.click();
  await expect(news).toHaveAttribute('aria-checked', 'false');
  await clean(page, axe, 'aozora /mypage/consent?type=newsletter');
  await page.reload();
  await expect(news).toHaveAttribute('aria-checked', 'false');

  await page.goto(storeUrl('aozora', '/mypage/consent?type=privacy'));
  await expect(page.getByRole('heading', { level: 1, name: 'プライバシー管理' })).toBeVisible();
  const policy = page.getByRole('main').getByRole('link', { name: /プライバシーポリシー/ });
  await expect(policy).toHaveAttribute('href', '/privacy');
  await expect(policy).toHaveAttribute('target', '_blank');
  await waitForHydration(page);
  const reco = page.getByRole('switch', { name: '視聴履歴にもとづくおすすめ' });
  await expect(reco).toHaveAttribute('aria-checked', 'false');
  // The call fails: the switch keeps its value and says so.
  allowConsoleErrors(/status of 500/);
  await page.route('**/zapi/account/consent', (route) =>
    route.fulfill({ status: 500, json: { status: 500, code: 'INTERNAL_ERROR', message: 'x', requestId: 'r' } }),
  );
  await reco.click();
  await expect(page.getByText('更新に失敗しました。')).toBeVisible();
  await expect(reco).toHaveAttribute('aria-checked', 'false');
  await expect(reco).toBeEnabled();
  await page.unroute('**/zapi/account/consent');
  await reco.click();
  await expect(reco).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('更新に失敗しました。')).toHaveCount(0);
  await clean(page, axe, 'aozora /mypage/consent?type=privacy');
});

test('midori (English): the privacy screen links its policy; the newsletter screen does not exist', async ({
  page,
  storeUrl,
  axe,
  allowConsoleErrors,
}) => {
  await signUpByCalls(page, storeUrl, 'midori');
  await page.goto(storeUrl('midori', '/mypage/consent?type=privacy&lang=en'));
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy settings' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /Privacy policy/ })).toHaveAttribute('href', '/privacy');
  await waitForHydration(page);
  const research = page.getByRole('switch', { name: 'Share viewing data for programme research' });
  await expect(research).toHaveAttribute('aria-checked', 'false');
  await research.click();
  await expect(research).toHaveAttribute('aria-checked', 'true');
  await clean(page, axe, 'midori /mypage/consent?type=privacy (en)');

  allowConsoleErrors(/status of 404/);
  const off = await page.goto(storeUrl('midori', '/mypage/consent?type=newsletter'));
  expect(off?.status()).toBe(404);
});

test('aozora: the PIN is set with two 4-digit fields; kurenai has no PIN page', async ({ page, storeUrl, axe, allowConsoleErrors }) => {
  await signUpByCalls(page, storeUrl, 'aozora');
  await page.goto(storeUrl('aozora', '/mypage/pin-code'));
  await expect(page.getByRole('heading', { level: 1, name: 'PINコード設定' })).toBeVisible();
  await waitForHydration(page);
  const pin = field(page, 'textbox', 'PINコード');
  const confirm = field(page, 'textbox', 'PINコード（確認用）');
  const submit = mainButton(page, '設定する');
  await expect(submit).toBeDisabled();
  await pin.pressSequentially('12a3');
  await expect(pin).toHaveValue('123');
  await pin.pressSequentially('4');
  await confirm.fill('1235');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('確認用PINコードが一致しません。')).toBeVisible();
  await clean(page, axe, 'aozora /mypage/pin-code (with an error)');
  await confirm.fill('1234');
  await submit.click();
  await expect(page).toHaveURL(storeUrl('aozora', '/mypage/pin-code/complete'));
  await expect(page.getByRole('heading', { level: 1, name: 'PINコード設定完了' })).toBeVisible();
  await clean(page, axe, 'aozora /mypage/pin-code/complete');

  allowConsoleErrors(/status of 404/);
  expect((await page.goto(storeUrl('kurenai', '/mypage/pin-code')))?.status()).toBe(404);
});

test('aozora (English): a whole withdrawal, after which the address signs up again', async ({
  page,
  storeUrl,
  axe,
  allowConsoleErrors,
}) => {
  // Signing up again waits out the 30 s between two codes to one address.
  test.setTimeout(90_000);
  allowConsoleErrors(/status of 429/);
  const { email } = await signUpByCalls(page, storeUrl, 'aozora');
  await page.goto(storeUrl('aozora', '/withdraw?lang=en'));
  await expect(page.getByRole('heading', { level: 1, name: 'Withdraw membership' })).toBeVisible();
  await expect(page.getByText('Withdrawal cannot be undone.')).toBeVisible();
  // The store's withdrawal survey (tenants/aozora.json withdrawalSurveyId), in English.
  const survey = page.getByRole('region', { name: 'Leaving survey' });
  await expect(survey.getByText('If you like, tell us why you are leaving.')).toBeVisible();
  await waitForHydration(page);
  await mainButton(page, 'Send confirmation code').click();
  await expect(page.getByText('Your consent is required.')).toBeVisible();
  const reason = survey.getByRole('group', { name: /What is the main reason you are leaving\?/ });
  await expect(reason.getByText('Please make a selection.')).toBeVisible();
  await clean(page, axe, 'aozora /withdraw (with errors)');
  await reason.getByRole('radio', { name: 'Too expensive' }).check();
  const genres = survey.getByRole('group', { name: /Genres you wanted more of/ });
  for (const name of ['Animation', 'Drama', 'Films']) await genres.getByRole('checkbox', { name }).check();
  await field(page, 'checkbox', 'I have read the above and agree to withdraw').check();
  await mainButton(page, 'Send confirmation code').click();
  await expect(genres.getByText('Please choose at most 2.')).toBeVisible();
  await expect(page).toHaveURL(storeUrl('aozora', '/withdraw?lang=en'));
  await genres.getByRole('checkbox', { name: 'Drama' }).uncheck();
  await expect(genres.getByText('Please choose at most 2.')).toHaveCount(0);
  await survey.getByRole('textbox', { name: /Comments/ }).fill('More documentaries, please.');
  await mainButton(page, 'Send confirmation code').click();
  await expect(page).toHaveURL(storeUrl('aozora', '/withdraw/pin-code'));
  await expect(page.getByText(email)).toBeVisible();
  await clean(page, axe, 'aozora /withdraw/pin-code');

  const outbox = await Outbox.open(page.context(), storeUrl('aozora', '/dev/outbox'));
  const code = await outbox.code(email, 1);
  await page.bringToFront();
  await page.getByRole('main').getByRole('textbox').fill(code);
  await mainButton(page, 'Withdraw').click();
  await expect(page).toHaveURL(storeUrl('aozora', '/withdraw/complete'));
  await expect(page.getByRole('heading', { level: 1, name: 'Withdrawal complete' })).toBeVisible();
  await clean(page, axe, 'aozora /withdraw/complete');
  // Signed out: My Page sends the viewer to the login page.
  await page.goto(storeUrl('aozora', '/withdraw'));
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fwithdraw$/);
  await outbox.page.close();

  await signUpByCalls(page, storeUrl, 'aozora', { email, seen: [code] });
  await page.goto(storeUrl('aozora', '/withdraw'));
  await expect(page).toHaveURL(storeUrl('aozora', '/withdraw'));
});
