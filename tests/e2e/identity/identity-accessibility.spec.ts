/**
 * axe-core on the identity pages of aozora (Japanese, password login by default) and kurenai
 * (English, code login by default, policies first): no serious or critical violation, on each
 * page in the state a viewer meets it (both login modes, the details form with its errors, the
 * reset page with a valid token). Every page is checked even when an earlier one fails (soft).
 */
import { expect, type Page, test, waitForHydration } from '../fixtures.ts';
import { field, mainButton, Outbox, readPolicyToEnd, type StepCheck, signUpOnAozora, signUpOnKurenai, uniqueEmail } from './support.ts';

type Axe = (page: Page) => Promise<unknown[]>;

/** Checks `page` as it is now, after hydration; a failure names the page and does not stop the test. */
function checker(page: Page, axe: Axe, storeId: string): StepCheck {
  return async (what) => {
    test.info().annotations.push({ type: 'axe', description: `${storeId} ${what}` });
    await waitForHydration(page);
    expect.soft(await axe(page), `${storeId} ${what}: serious or critical axe violations`).toEqual([]);
  };
}

/** The logout page, kept from its automatic move to the top page while it is checked. */
async function checkLogout(page: Page, check: StepCheck, stay: string): Promise<void> {
  await waitForHydration(page);
  await page.getByRole('main').getByRole('button', { name: stay }).click();
  await check('/logout');
}

test.describe('aozora (Japanese)', () => {
  const STORE = 'aozora';

  test('guest identity pages have no serious or critical violations', async ({ page, context, storeUrl, axe }) => {
    const check = checker(page, axe, STORE);
    await page.goto(storeUrl(STORE, '/login'));
    await expect(field(page, 'textbox', 'パスワード')).toBeVisible();
    await check('/login (password)');
    await page.getByRole('main').getByRole('link', { name: '認証コードでログイン' }).click();
    await expect(page).toHaveURL(/loginType=authCode/);
    await expect(field(page, 'textbox', 'パスワード')).toHaveCount(0);
    await check('/login (code)');

    // The code page, for an address that is not registered (the page does not tell).
    await field(page, 'textbox', 'メールアドレス').fill(uniqueEmail('a11y-guest'));
    await mainButton(page, '認証コードを送信').click();
    await expect(page).toHaveURL(storeUrl(STORE, '/login/code'));
    await check('/login/code');

    await page.goto(storeUrl(STORE, '/signup'));
    await expect(page).toHaveURL(/\/signup\/auth$/);
    await check('/signup/auth (first sign-up step)');
    await page.goto(storeUrl(STORE, '/password/forgot'));
    await check('/password/forgot');
    await page.goto(storeUrl(STORE, '/logout'));
    await checkLogout(page, check, 'このページにとどまる');

    const outbox = await Outbox.open(context, storeUrl(STORE, '/dev/outbox'));
    await outbox.page.goto(storeUrl(STORE, '/dev/outbox'));
    await checker(outbox.page, axe, STORE)('/dev/outbox');
  });

  test('sign-up, logout and password-reset pages have no serious or critical violations', async ({ page, context, storeUrl, axe }) => {
    test.slow(true, 'a whole sign-up and reset, with eight axe runs');
    const check = checker(page, axe, STORE);
    const outbox = await Outbox.open(context, storeUrl(STORE, '/dev/outbox'));
    const member = await signUpOnAozora(page, outbox, storeUrl, check);

    await page.goto(storeUrl(STORE, '/logout'));
    await checkLogout(page, check, 'このページにとどまる');

    await page.goto(storeUrl(STORE, '/password/forgot'));
    await field(page, 'textbox', 'メールアドレス').fill(member.email);
    await mainButton(page, '再設定メールを送信').click();
    await expect(page).toHaveURL(storeUrl(STORE, '/password/forgot/complete'));
    await check('/password/forgot/complete');

    await page.goto((await (await outbox.resetLink(member.email)).getAttribute('href')) ?? '');
    await expect(page.getByRole('heading', { level: 1, name: '新しいパスワードの設定' })).toBeVisible();
    await check('/password/reset (valid token)');
  });
});

test.describe('kurenai (English)', () => {
  const STORE = 'kurenai';

  test('guest identity pages have no serious or critical violations', async ({ page, context, storeUrl, axe }) => {
    const check = checker(page, axe, STORE);
    await page.goto(storeUrl(STORE, '/login?lang=en'));
    await expect(field(page, 'textbox', 'Password')).toHaveCount(0);
    await check('/login (code, the default)');
    await page.getByRole('main').getByRole('link', { name: 'Log in with a password instead' }).click();
    await expect(page).toHaveURL(/loginType=password/);
    await expect(field(page, 'textbox', 'Password')).toBeVisible();
    await check('/login (password)');

    await page.goto(storeUrl(STORE, '/login'));
    await field(page, 'textbox', 'E-mail address or user ID').fill(uniqueEmail('a11y-guest'));
    await mainButton(page, 'Send a login code').click();
    await expect(page).toHaveURL(storeUrl(STORE, '/login/code'));
    await check('/login/code');

    // The first sign-up step is the policies; then with the external policy's consent error.
    await page.goto(storeUrl(STORE, '/signup'));
    await expect(page.getByText('Step 1 of 4')).toBeVisible();
    await check('/signup (policies first)');
    await readPolicyToEnd(page, 'KURENAI ANIME Terms of Use');
    await mainButton(page, 'Agree and continue').click();
    await expect(page.getByText('Your consent is required.')).toBeVisible();
    await check('/signup (consent missing)');
    await page.goto(storeUrl(STORE, '/password/forgot'));
    await check('/password/forgot');
    await page.goto(storeUrl(STORE, '/logout'));
    await checkLogout(page, check, 'Stay on this page');

    const outbox = await Outbox.open(context, storeUrl(STORE, '/dev/outbox'));
    await outbox.page.goto(storeUrl(STORE, '/dev/outbox'));
    await checker(outbox.page, axe, STORE)('/dev/outbox');
  });

  test('sign-up, logout and password-reset pages have no serious or critical violations', async ({ page, context, storeUrl, axe }) => {
    test.slow(true, 'a whole sign-up and reset, with eight axe runs');
    const check = checker(page, axe, STORE);
    const outbox = await Outbox.open(context, storeUrl(STORE, '/dev/outbox'));
    const member = await signUpOnKurenai(page, outbox, storeUrl, { check });

    await page.goto(storeUrl(STORE, '/logout'));
    await checkLogout(page, check, 'Stay on this page');

    await page.goto(storeUrl(STORE, '/password/forgot'));
    await field(page, 'textbox', 'E-mail address').fill(member.email);
    await mainButton(page, 'Send reset e-mail').click();
    await expect(page).toHaveURL(storeUrl(STORE, '/password/forgot/complete'));
    await check('/password/forgot/complete');

    await page.goto((await (await outbox.resetLink(member.email)).getAttribute('href')) ?? '');
    await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
    await check('/password/reset (valid token)');
  });
});
