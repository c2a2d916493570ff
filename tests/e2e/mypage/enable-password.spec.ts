/**
 * /mypage/enable-password as a member without a password uses it (issue 8, spec 2 and 6). No demo
 * store makes such a member (external IDs come later), so the test does what a store does: a
 * store without passwords (features.password false: its sign-up creates accounts without one) is
 * applied to the running server with the store CLI, a member signs up, then the store turns
 * passwords on. The member is sent from the password change to the setting, gets the code by
 * mail, sets a password, sees the completion page, and logs in with it. Japanese on the desktop
 * project, English on the phone one; axe-core on every screen.
 */
import { expect, test, waitForHydration } from '../fixtures.ts';
import { expectSignedInHeader, field, mainButton } from '../identity/support.ts';
import { applyStore, demoDocument, newestCode, signUpMember } from './member-support.ts';

const TEXTS = {
  ja: {
    title: 'パスワードを設定',
    password: 'パスワード',
    again: 'パスワード（確認用）',
    submit: 'パスワードを設定',
    done: 'パスワード設定完了',
    mismatch: /一致しません/,
    email: 'メールアドレス',
    login: 'ログイン',
  },
  en: {
    title: 'Set a password',
    password: 'Password',
    again: 'Password (again)',
    submit: 'Set a password',
    done: 'Password set',
    mismatch: /match/i,
    email: 'E-mail address',
    login: 'Log in',
  },
} as const;

test('a member without a password sets one with the mailed code, then logs in with it', async ({
  page,
  server,
  storeUrl,
  axe,
  allowConsoleErrors,
}, testInfo) => {
  // Two store applies and a sign-up: minutes on a busy 2-core machine (no timing is asserted).
  test.setTimeout(240_000);
  const lang = testInfo.project.name === 'mobile' ? 'en' : 'ja';
  const q = lang === 'en' ? '?lang=en' : '';
  const x = TEXTS[lang];
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const storeId = `nopass-${testInfo.project.name}-${run}`;
  const host = `${storeId}.localhost`;
  const base = demoDocument('midori');
  const doc = { ...base, storeId, hosts: [host], features: { ...base.features, password: false } };

  await applyStore(server.dataDir, doc);
  await expect.poll(async () => (await page.goto(storeUrl(storeId, '/app/licenses')))?.status(), { timeout: 15_000 }).toBe(200);
  const member = await signUpMember(page, storeUrl, doc);
  expect(member.password).toBeNull();
  // Without passwords in the store, the setting does not exist.
  allowConsoleErrors(/status of 404/, /status of 400 .*\/zapi\/account\/enable-password\)/);
  expect((await page.goto(storeUrl(storeId, '/mypage/enable-password')))?.status()).toBe(404);

  // The store turns passwords on; the member still has none.
  await applyStore(server.dataDir, { ...doc, features: { ...doc.features, password: true } });
  await expect
    .poll(async () => (await page.goto(storeUrl(storeId, `/mypage/password/edit${q}`)))?.url(), { timeout: 15_000 })
    .toBe(storeUrl(storeId, '/mypage/enable-password'));
  await expect(page.getByRole('heading', { level: 1, name: x.title })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(member.email);
  await waitForHydration(page);
  expect.soft(await axe(page), `${storeId} /mypage/enable-password: axe`).toEqual([]);

  const code = await newestCode(page, member.email, []);
  const codeBox = page.getByRole('main').locator('input[autocomplete="one-time-code"]');
  const password = `Forest${Math.random().toString(36).slice(2, 8)}7q`;
  await codeBox.fill(code);
  await field(page, 'textbox', x.password).fill(password);
  await field(page, 'textbox', x.again).fill(`${password}x`);
  await mainButton(page, x.submit).click();
  await expect(field(page, 'textbox', x.again)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('main').getByText(x.mismatch)).toBeVisible();
  expect.soft(await axe(page), `${storeId} /mypage/enable-password (with an error): axe`).toEqual([]);
  await field(page, 'textbox', x.again).fill(password);
  await mainButton(page, x.submit).click();
  await expect(page).toHaveURL(storeUrl(storeId, '/mypage/enable-password/complete'));
  await expect(page.getByRole('heading', { level: 1, name: x.done })).toBeVisible();
  await waitForHydration(page);
  expect.soft(await axe(page), `${storeId} /mypage/enable-password/complete: axe`).toEqual([]);

  // The setting is done: it now leads to the change, and the new password logs in.
  await page.goto(storeUrl(storeId, '/mypage/enable-password'));
  await expect(page).toHaveURL(storeUrl(storeId, '/mypage/password/edit'));
  await page.context().clearCookies();
  await page.goto(storeUrl(storeId, `/login${q}`));
  await waitForHydration(page);
  await field(page, 'textbox', x.email).fill(member.email);
  await field(page, 'textbox', x.password).fill(password);
  await mainButton(page, x.login).click();
  await expect(page).toHaveURL(storeUrl(storeId, '/'));
  await expectSignedInHeader(page, lang);
});
