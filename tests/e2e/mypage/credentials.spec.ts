/**
 * The credential screens of My Page as a member uses them (issue 8): on aozora in Japanese the
 * e-mail change with the code read from the outbox and the notice to the old address, the password
 * change, and no user-ID change (its flag is off: 404); on kurenai in English the user-ID change
 * and the e-mail change's first step. axe-core on every screen; both projects run it.
 */
import { expect, type Page, test, waitForHydration } from '../fixtures.ts';
import {
  field,
  mainButton,
  newPassword,
  Outbox,
  otherCode,
  randomSuffix,
  type StepCheck,
  signUpOnKurenai,
  uniqueEmail,
} from '../identity/support.ts';
import { signUpByCalls } from './member-support.ts';

type Axe = (page: Page) => Promise<unknown[]>;

function checker(page: Page, axe: Axe, storeId: string): StepCheck {
  return async (what) => {
    await waitForHydration(page);
    expect.soft(await axe(page), `${storeId} ${what}: serious or critical axe violations`).toEqual([]);
  };
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

test('aozora (Japanese): e-mail change with the mailed code, password change, no user ID', async ({
  page,
  context,
  storeUrl,
  axe,
  allowConsoleErrors,
}) => {
  test.slow();
  // The wrong code and the wrong current password are answered 400 and 401, on purpose.
  allowConsoleErrors(/status of 400 .*\/zapi\/account\/email\/edit\)/, /status of 401 .*\/zapi\/account\/password\/edit\)/);
  const check = checker(page, axe, 'aozora');
  // Signed up by the calls: the sign-up pages have their own specs.
  const signedUp = await signUpByCalls(page, storeUrl, 'aozora');
  const member = { email: signedUp.email, password: signedUp.password ?? '' };
  const outbox = await Outbox.open(context, storeUrl('aozora', '/dev/outbox'));

  await page.goto(storeUrl('aozora', '/mypage/email/edit'));
  await expect(heading(page, 'メールアドレス変更')).toBeVisible();
  await expect(field(page, 'textbox', '現在のメールアドレス')).toHaveValue(member.email);
  await expect(field(page, 'textbox', '現在のメールアドレス')).toBeDisabled();
  await check('/mypage/email/edit');
  await field(page, 'textbox', '新しいメールアドレス').fill(member.email);
  await mainButton(page, '次へ').click();
  await expect(page.getByRole('main').getByText('メールアドレスを変更してください。')).toBeVisible();
  const next = uniqueEmail('aozora-new');
  await field(page, 'textbox', '新しいメールアドレス').fill(next);
  await mainButton(page, '次へ').click();

  await expect(page).toHaveURL(/\/mypage\/email\/edit\/pin-code$/);
  await expect(page.getByRole('main')).toContainText(next);
  await expect(page.getByRole('main').getByRole('button', { name: '認証コードを再送信' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('main').getByRole('link', { name: '戻る', exact: true })).toHaveAttribute('href', '/mypage/email/edit');
  await check('/mypage/email/edit/pin-code');
  const code = await outbox.code(next);
  await field(page, 'textbox', '認証コード').fill(otherCode(code));
  await mainButton(page, '変更する').click();
  await expect(page.getByRole('main').getByText('認証に失敗しました。')).toBeVisible();
  await expect(mainButton(page, '変更する')).toBeDisabled();
  await field(page, 'textbox', '認証コード').fill(code);
  await mainButton(page, '変更する').click();
  await expect(page).toHaveURL(/\/mypage\/email\/edit\/complete$/);
  await expect(heading(page, 'メールアドレス変更完了')).toBeVisible();
  await expect(page.getByRole('main')).toContainText(next);
  await check('/mypage/email/edit/complete');
  // The old address is told, after the answer (the mail queue).
  await expect(async () => {
    await outbox.page.goto(storeUrl('aozora', '/dev/outbox'));
    const notice = outbox.page.getByRole('main').getByRole('listitem').filter({ hasText: member.email });
    await expect(notice.filter({ hasText: 'メールアドレスが変更されました' })).toHaveCount(1);
  }).toPass({ timeout: 10_000 });

  await page.goto(storeUrl('aozora', '/mypage/password/edit'));
  await expect(heading(page, 'パスワード変更')).toBeVisible();
  await check('/mypage/password/edit');
  const password = newPassword('UPPER_CASE');
  await field(page, 'textbox', '現在のパスワード').fill(`${member.password}x`);
  await field(page, 'textbox', '新しいパスワード').fill(password);
  await field(page, 'textbox', '新しいパスワード（確認用）').fill(password);
  await mainButton(page, '変更する').click();
  await expect(field(page, 'textbox', '現在のパスワード')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('main').getByText('パスワードが正しくありません。')).toBeVisible();
  await field(page, 'textbox', '現在のパスワード').fill(member.password);
  await mainButton(page, '変更する').click();
  await expect(page).toHaveURL(/\/mypage\/password\/edit\/complete$/);
  await expect(heading(page, 'パスワード変更完了')).toBeVisible();
  await check('/mypage/password/edit/complete');

  allowConsoleErrors(/status of 404/);
  expect((await page.goto(storeUrl('aozora', '/mypage/user-id/edit')))?.status()).toBe(404);
});

test('kurenai (English): user-ID change, and the e-mail change step', async ({ page, context, storeUrl, axe, allowConsoleErrors }) => {
  test.slow();
  // The wrong password is answered 401, on purpose.
  allowConsoleErrors(/status of 401 .*\/zapi\/account\/user-id\/edit\)/);
  const check = checker(page, axe, 'kurenai');
  const outbox = await Outbox.open(context, storeUrl('kurenai', '/dev/outbox'));
  const member = await signUpOnKurenai(page, outbox, storeUrl);

  await page.goto(storeUrl('kurenai', '/mypage/user-id/edit?lang=en'));
  await expect(heading(page, 'Register a user ID')).toBeVisible();
  await check('/mypage/user-id/edit');
  const box = field(page, 'textbox', 'New user ID');
  await box.fill('abc12');
  await box.blur();
  await expect(page.getByRole('main').getByText('The user ID must be at least 6 characters long.')).toBeVisible();
  const userId = `red${randomSuffix(8)}`;
  await box.fill(userId);
  await box.blur();
  await expect(page.getByRole('main').getByText('This user ID is available.')).toBeVisible();
  await field(page, 'textbox', 'Password').fill(`${member.password}x`);
  await mainButton(page, 'Change').click();
  await expect(page.getByRole('main').getByText('The password is incorrect.')).toBeVisible();
  await check('/mypage/user-id/edit (with errors)');
  await field(page, 'textbox', 'Password').fill(member.password);
  await mainButton(page, 'Change').click();
  await expect(page).toHaveURL(/\/mypage\/user-id\/edit\/complete$/);
  await expect(heading(page, 'User ID changed')).toBeVisible();
  await expect(page.getByRole('main')).toContainText(userId);
  await check('/mypage/user-id/edit/complete');

  await page.goto(storeUrl('kurenai', '/mypage/email/edit?lang=en'));
  await expect(heading(page, 'Change e-mail address')).toBeVisible();
  await expect(field(page, 'textbox', 'Current e-mail address')).toHaveValue(member.email);
  await check('/mypage/email/edit');
});
