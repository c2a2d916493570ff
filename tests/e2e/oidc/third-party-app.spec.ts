import { expect, test, waitForHydration } from '../fixtures.ts';
import { field, mainButton } from '../identity/support.ts';
import { signUpByCalls } from '../mypage/member-support.ts';
import { answerCallback, appCall, authorizeUrl, CALLBACK } from './support.ts';

// A third-party app signs a member of aozora in through the store (issue 11): the authorize URL
// driven directly, the consent screen with an optional scope refused, the code redeemed, and the
// member disconnecting the app in My Page, whose tokens then stop working.

test('a third-party app signs a member in with consent, and the member disconnects it', async ({
  page,
  storeUrl,
  axe,
  server,
}, testInfo) => {
  const lang = testInfo.project.name === 'mobile' ? 'en' : 'ja';
  await signUpByCalls(page, storeUrl, 'aozora');

  await answerCallback(page);

  const { verifier, path } = authorizeUrl();
  await page.goto(storeUrl('aozora', path));
  // Signed in already: straight to the consent screen.
  await expect(page).toHaveURL(/\/oidc\/consent\?uid=/);
  if (lang === 'en') await page.goto(`${page.url()}&lang=en`);
  await waitForHydration(page);
  const allow = lang === 'ja' ? '許可する' : 'Allow';
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'ja' ? 'アプリ連携の確認' : 'Connect an app');
  await expect(
    page.getByRole('heading', { level: 2, name: lang === 'ja' ? 'あおぞらウォッチパーティ（デモ）' : 'Aozora Watch Party (demo)' }),
  ).toBeVisible();
  expect(await axe(page)).toEqual([]);
  // The required scope is fixed; the e-mail (optional) is refused.
  const email = page.getByRole('checkbox', { name: lang === 'ja' ? 'メールアドレス' : 'E-mail address' });
  await expect(page.getByRole('checkbox', { name: lang === 'ja' ? /会員の識別子/ : /Member identifier/ })).toBeDisabled();
  await email.uncheck();
  await page.getByRole('button', { name: allow }).click();

  await expect(page).toHaveURL(new RegExp(`^${CALLBACK}\\?code=`));
  const code = new URL(page.url()).searchParams.get('code') ?? '';
  expect(new URL(page.url()).searchParams.get('state')).toBe('e2e-state');

  // The app redeems the code with its PKCE verifier.
  const token = await appCall(server.port, '/oidc/token', {
    form: { grant_type: 'authorization_code', code, redirect_uri: CALLBACK, client_id: 'aozora-web-demo', code_verifier: verifier },
  });
  expect(token.status).toBe(200);
  expect(token.body.scope?.split(' ').sort()).toEqual(['openid', 'profile']);
  const info = await appCall(server.port, '/oidc/me', { bearer: token.body.access_token });
  expect(info.status).toBe(200);
  expect(info.body).not.toHaveProperty('email');

  // My Page: the app is listed; its detail shows what it may use; disconnect it.
  await page.goto(storeUrl('aozora', `/mypage/connections?lang=${lang}`));
  await waitForHydration(page);
  await page.getByRole('link', { name: lang === 'ja' ? /あおぞらウォッチパーティ/ : /Aozora Watch Party/ }).click();
  await expect(page).toHaveURL(/\/mypage\/connections\/client\/aozora-web-demo/);
  await expect(page.getByText(lang === 'ja' ? 'ニックネームとプロフィール画像' : 'Nickname and profile image')).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await page.getByRole('button', { name: lang === 'ja' ? '連動を解除する' : 'Disconnect' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: lang === 'ja' ? '閉じる' : 'Close' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: lang === 'ja' ? '連動を解除する' : 'Disconnect' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: lang === 'ja' ? '解除する' : 'Disconnect' })
    .click();
  await expect(page).toHaveURL(/\/mypage\/connections(\?|$)/);
  await expect(page.getByText(lang === 'ja' ? '連動しているアプリはありません。' : 'No apps are connected.')).toBeVisible();

  // The app's access token stopped at once.
  expect((await appCall(server.port, '/oidc/me', { bearer: token.body.access_token })).status).toBe(401);
});

test('prompt=select_account: the member switches to another account for the app', async ({ page, storeUrl, server, axe }, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'one width is enough for the switch; the flow above runs at both');
  await answerCallback(page);
  const other = await signUpByCalls(page, storeUrl, 'aozora');
  await page.goto(storeUrl('aozora', '/logout'));
  const member = await signUpByCalls(page, storeUrl, 'aozora');

  const { verifier, path } = authorizeUrl({ prompt: 'select_account' });
  await page.goto(storeUrl('aozora', path));
  await expect(page).toHaveURL(/\/oidc\/select-account\?uid=/);
  await waitForHydration(page);
  await expect(page.getByText(`ログイン中のアカウント: ${member.email}`)).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await page.getByRole('button', { name: '別のアカウントでログイン' }).click();

  // The provider's login page, then back to the app's consent as the other account.
  await expect(page).toHaveURL(/\/oidc\/login\?uid=/);
  await waitForHydration(page);
  await field(page, 'textbox', 'メールアドレス').fill(other.email);
  await field(page, 'textbox', 'パスワード').fill(other.password ?? '');
  await mainButton(page, 'ログイン').click();
  await expect(page).toHaveURL(/\/oidc\/consent\?uid=/);
  await page.getByRole('button', { name: '許可する' }).click();
  await expect(page).toHaveURL(new RegExp(`^${CALLBACK}\\?code=`));

  const code = new URL(page.url()).searchParams.get('code') ?? '';
  const token = await appCall(server.port, '/oidc/token', {
    form: { grant_type: 'authorization_code', code, redirect_uri: CALLBACK, client_id: 'aozora-web-demo', code_verifier: verifier },
  });
  const info = await appCall(server.port, '/oidc/me', { bearer: token.body.access_token });
  expect(info.body.email).toBe(other.email);
});
