/**
 * aozora (Japanese, password login by default): sign-up by e-mail, log out, password login, code
 * login and password reset, driven as a newcomer does: labels, roles and texts on the screen, the
 * codes and links read from the store's outbox (/dev/outbox) in a second tab.
 * Spec: public-area.md sections 2, 4, 5 and 8; tenants/aozora.json.
 */
import { expect, type Page, test, waitForHydration } from '../fixtures.ts';
import { type StoreUrl, signUpByCalls } from '../mypage/member-support.ts';
import {
  expectSignedInHeader,
  expectSignedOutHeader,
  field,
  logInByPassword,
  logOutThroughMenu,
  mainButton,
  newPassword,
  Outbox,
  otherCode,
  readPolicyToEnd,
  tenantIdentity,
  uniqueEmail,
} from './support.ts';

const STORE = 'aozora';

/**
 * A member signed up by the sign-up calls, signed in in the page's context: for the tests whose
 * subject comes after the sign-up (the sign-up pages are walked by the first test, and with axe by
 * identity-accessibility.spec.ts).
 */
async function memberByCalls(page: Page, storeUrl: StoreUrl): Promise<{ email: string; password: string }> {
  const member = await signUpByCalls(page, storeUrl, STORE);
  if (member.password === null) throw new Error('aozora members have passwords');
  return { email: member.email, password: member.password };
}
const WRONG_LOGIN = 'メールアドレスまたはパスワードが正しくありません。';

test('a newcomer signs up by e-mail, is signed in, and logs out through the account menu', async ({ page, context, storeUrl }) => {
  const tenant = tenantIdentity(STORE);
  expect(tenant.passwordStrength).toBe('UPPER_CASE');
  const email = uniqueEmail('signup');
  const password = newPassword('UPPER_CASE');
  const outbox = await Outbox.open(context, storeUrl(STORE, '/dev/outbox'));

  // From the header of the top page.
  await page.goto(storeUrl(STORE, '/'));
  await waitForHydration(page);
  await expectSignedOutHeader(page);
  await page.getByRole('banner').getByRole('link', { name: '新規登録' }).click();
  await expect(page).toHaveURL(/\/signup\/auth$/);
  await expect(page.getByText('ステップ 1 / 3')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'メールアドレスで登録' }).click();

  // E-mail and its confirmation.
  await expect(page).toHaveURL(/\/signup\/email$/);
  await expect(page.getByRole('heading', { level: 1, name: 'メールアドレスの入力' })).toBeVisible();
  await field(page, 'textbox', 'メールアドレス').fill(email);
  await field(page, 'textbox', 'メールアドレス（確認用）').fill(email);
  await mainButton(page, '認証コードを送信').click();

  // The code, read from the outbox in another tab.
  await expect(page).toHaveURL(/\/signup\/pin-code$/);
  await expect(page.getByRole('heading', { level: 1, name: '認証コードの入力' })).toBeVisible();
  await expect(page.getByRole('main').getByText(email)).toBeVisible();
  const submitCode = mainButton(page, '認証して次へ');
  await expect(submitCode).toBeDisabled();
  // The resend link waits out its 30-second countdown from page entry (only its start is tested).
  await expect(mainButton(page, '認証コードを再送信')).toBeDisabled();
  await expect(page.getByText(/（\d+秒後に再送信できます）/)).toBeVisible();
  const code = await outbox.code(email);
  await field(page, 'textbox', '認証コード').fill(code);
  await expect(submitCode).toBeEnabled();
  await submitCode.click();

  // The internal policies must be read to their end before the button works.
  await expect(page).toHaveURL(/\/signup\/policy$/);
  await expect(page.getByRole('heading', { level: 1, name: '規約への同意' })).toBeVisible();
  await expect(page.getByText('ステップ 2 / 3')).toBeVisible();
  const agree = mainButton(page, '同意して次へ');
  await expect(agree).toBeDisabled();
  await expect(page.getByText('すべての規約を最後までお読みいただくと、ボタンを押せるようになります。')).toBeVisible();
  const internal = tenant.policies.filter((p) => !p.isExternal);
  expect(internal.length).toBeGreaterThan(1);
  for (const [i, policy] of internal.entries()) {
    await expect(agree).toBeDisabled();
    await readPolicyToEnd(page, policy.title.ja);
    await expect(page.getByText('最後までお読みいただきました。')).toHaveCount(i + 1);
  }
  await expect(agree).toBeEnabled();
  await agree.click();

  // The details form. A required field left empty blocks the submit, and nothing is sent.
  await expect(page).toHaveURL(/\/signup\/form$/);
  await expect(page.getByRole('heading', { level: 1, name: '会員情報の入力' })).toBeVisible();
  await expect(field(page, 'textbox', 'メールアドレス')).toHaveValue(email);
  const signupPosts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/zapi/signup') signupPosts.push(r.url());
  });
  const name = field(page, 'textbox', '氏名');
  const kana = field(page, 'textbox', '氏名（カナ）');
  // Kana must be full-width katakana: hiragana is refused once the field is left.
  await kana.fill('あおぞら　はなこ');
  await kana.blur();
  await expect(kana).toHaveAccessibleDescription(/全角カタカナで入力してください/);
  await kana.fill('アオゾラ　ハナコ');
  await expect(kana).not.toHaveAttribute('aria-invalid', 'true');
  await field(page, 'combobox', '性別').selectOption({ label: '女性' });
  const birthday = field(page, 'textbox', '生年月日');
  await birthday.fill('19920315');
  await expect(birthday).toHaveValue('1992/03/15');
  await field(page, 'textbox', 'パスワード').fill(password);
  await field(page, 'textbox', 'パスワード（確認用）').fill(password);
  const register = mainButton(page, '登録する');
  await register.click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription(/この項目は必須です。/);
  await expect(page.getByText('この項目は必須です。')).toHaveCount(1);
  await expect(page).toHaveURL(/\/signup\/form$/);
  expect(signupPosts, 'no sign-up call while a required field is empty').toEqual([]);

  await name.fill('青空 花子');
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  await register.click();

  // Signed in: the plans step (the store has plans) or the completion, and the member menu.
  await expect(page).toHaveURL(/\/signup\/(plans|complete)$/);
  expect(signupPosts).toHaveLength(1);
  await expect(page.getByRole('heading', { level: 1, name: /^(プランを選ぶ|登録が完了しました)$/ })).toBeVisible();
  await expect(page.getByText('ステップ 3 / 3')).toBeVisible();
  await expectSignedInHeader(page);

  await logOutThroughMenu(page);
  // The top page agrees: the session has ended.
  await page.getByRole('main').getByRole('link', { name: 'トップページへ' }).click();
  await expect(page).toHaveURL(storeUrl(STORE, '/'));
  await expectSignedOutHeader(page);
});

test('password login refuses a wrong password, then signs in with the right one', async ({
  page,
  context,
  storeUrl,
  allowConsoleErrors,
}) => {
  // The refused login answers 401, which Chromium logs as a failed resource.
  allowConsoleErrors(/status of 401/);
  // Signed up by the calls (the sign-up pages are the first test's subject), then signed out.
  const member = await memberByCalls(page, storeUrl);
  await context.clearCookies();

  // Typed in: the header's ログイン link is broken on client-side navigation (see the test at the end).
  await page.goto(storeUrl(STORE, '/login'));
  await waitForHydration(page);
  // Password is this store's default mode.
  await expect(field(page, 'textbox', 'パスワード')).toBeVisible();
  await field(page, 'textbox', 'メールアドレス').fill(member.email);
  await field(page, 'textbox', 'パスワード').fill(`${member.password}x`);
  await mainButton(page, 'ログイン').click();
  await expect(page.getByRole('alert')).toHaveText(WRONG_LOGIN);
  await expect(page).toHaveURL(storeUrl(STORE, '/login'));
  await expectSignedOutHeader(page);

  await field(page, 'textbox', 'パスワード').fill(member.password);
  await mainButton(page, 'ログイン').click();
  await expect(page).toHaveURL(storeUrl(STORE, '/'));
  await expectSignedInHeader(page);

  await logOutThroughMenu(page);
});

test('code login: switching modes, a wrong code is refused until the code changes, the right one signs in', async ({
  page,
  context,
  storeUrl,
  allowConsoleErrors,
}) => {
  // The refused code answers 400, which Chromium logs as a failed resource.
  allowConsoleErrors(/status of 400/);
  const member = await memberByCalls(page, storeUrl);
  const outbox = await Outbox.open(context, storeUrl(STORE, '/dev/outbox'));
  await page.goto(storeUrl(STORE, '/logout'));
  await expectSignedOutHeader(page);

  await page.goto(storeUrl(STORE, '/login'));
  await waitForHydration(page);
  // Switching to code mode: the address says so, the password field goes.
  await page.getByRole('main').getByRole('link', { name: '認証コードでログイン' }).click();
  await expect(page).toHaveURL(/\/login\?loginType=authCode$/);
  await expect(field(page, 'textbox', 'パスワード')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: '認証コードでのログインに切り替えました。' })).toBeAttached();
  await field(page, 'textbox', 'メールアドレス').fill(member.email);
  const codesBefore = await outbox.count(member.email, 'code');
  await mainButton(page, '認証コードを送信').click();

  await expect(page).toHaveURL(storeUrl(STORE, '/login/code'));
  await expect(page.getByRole('heading', { level: 1, name: '認証コードの入力' })).toBeVisible();
  await expect(mainButton(page, '認証コードを再送信')).toBeDisabled();
  const code = await outbox.code(member.email, codesBefore);
  const wrong = otherCode(code);
  const box = field(page, 'textbox', '認証コード');
  const submit = mainButton(page, 'ログイン');
  await expect(submit).toBeDisabled();
  await box.fill(wrong);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(box).toHaveAccessibleDescription(/認証に失敗しました。/);
  await expect(page.getByText('認証に失敗しました。')).toBeVisible();
  // The same rejected code cannot be sent again; a changed one can.
  await expect(submit).toBeDisabled();
  await box.fill('');
  await box.fill(wrong);
  await expect(submit).toBeDisabled();
  await box.fill(code);
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page).toHaveURL(storeUrl(STORE, '/'));
  await expectSignedInHeader(page);
  await logOutThroughMenu(page);
});

test('a forgotten password is reset through the mailed link; the new one works, the old one not', async ({
  page,
  context,
  storeUrl,
  allowConsoleErrors,
}) => {
  // The refused login with the old password answers 401.
  allowConsoleErrors(/status of 401/);
  const member = await memberByCalls(page, storeUrl);
  const outbox = await Outbox.open(context, storeUrl(STORE, '/dev/outbox'));
  await context.clearCookies();

  await page.goto(storeUrl(STORE, '/login'));
  await waitForHydration(page);
  await page.getByRole('main').getByRole('link', { name: 'パスワードをお忘れの方' }).click();
  await expect(page).toHaveURL(storeUrl(STORE, '/password/forgot'));
  await expect(page.getByRole('heading', { level: 1, name: 'パスワードの再設定' })).toBeVisible();
  await field(page, 'textbox', 'メールアドレス').fill(member.email);
  await mainButton(page, '再設定メールを送信').click();

  await expect(page).toHaveURL(storeUrl(STORE, '/password/forgot/complete'));
  await expect(page.getByRole('heading', { level: 1, name: 'メールを送信しました' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toContainText('15分以上経ってもメールが届かない場合は');

  // The link in the mail opens the reset page (in the outbox tab, where it was clicked).
  const link = await outbox.resetLink(member.email);
  await link.click();
  const reset = outbox.page;
  await expect(reset).toHaveURL(/\/password\/reset\?token=/);
  await expect(reset.getByRole('heading', { level: 1, name: '新しいパスワードの設定' })).toBeVisible();
  await waitForHydration(reset);
  const fresh = newPassword('UPPER_CASE');
  await field(reset, 'textbox', '新しいパスワード').fill(fresh);
  await field(reset, 'textbox', '新しいパスワード（確認用）').fill(fresh);
  await mainButton(reset, 'パスワードを再設定').click();
  await expect(reset).toHaveURL(storeUrl(STORE, '/password/reset/complete'));
  await expect(reset.getByRole('heading', { level: 1, name: 'パスワードを再設定しました' })).toBeVisible();

  // The old password fails now ... (the page's ログイン button leads to /login; it is typed in
  // because client-side navigation to /login is broken, see the test at the end).
  await expect(reset.getByRole('main').getByRole('link', { name: 'ログイン' })).toHaveAttribute('href', '/login');
  await reset.goto(storeUrl(STORE, '/login'));
  await waitForHydration(reset);
  await field(reset, 'textbox', 'メールアドレス').fill(member.email);
  await field(reset, 'textbox', 'パスワード').fill(member.password);
  await mainButton(reset, 'ログイン').click();
  await expect(reset.getByRole('alert')).toHaveText(WRONG_LOGIN);
  await expectSignedOutHeader(reset);

  // ... and the new one signs in.
  await logInByPassword(page, storeUrl, { email: member.email, password: fresh });
});

// Client-side navigation to /login (screen data must not carry a `redirectTo` of its own).
test('the header log-in link opens the login form (client-side navigation)', async ({ page, storeUrl }) => {
  await page.goto(storeUrl(STORE, '/plans'));
  await waitForHydration(page);
  await page.getByRole('banner').getByRole('link', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(storeUrl(STORE, '/login'));
  await expect(page.getByRole('heading', { level: 1, name: 'ログイン' })).toBeVisible();
  await expect(field(page, 'textbox', 'パスワード')).toBeVisible();
});

test('a logout link followed from another site asks the member to confirm, then logs out', async ({ page, storeUrl }) => {
  await memberByCalls(page, storeUrl);
  await page.goto(storeUrl(STORE, '/'));
  await expectSignedInHeader(page);

  // A page of another site links to the store's /logout (Sec-Fetch-Site: cross-site).
  await page.goto('about:blank');
  await page.setContent(`<a href="${storeUrl(STORE, '/logout')}">logout</a>`);
  await page.getByRole('link', { name: 'logout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ログアウトしますか？' })).toBeVisible();
  await expect(page.getByText('ログアウトしました')).toHaveCount(0);
  await expectSignedInHeader(page);

  await page.getByRole('main').getByRole('link', { name: 'ログアウトする' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ログアウトしました' })).toBeVisible();
  await expectSignedOutHeader(page);
});
