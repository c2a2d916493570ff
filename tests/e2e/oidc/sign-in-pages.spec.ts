import { expect, type Page, test, waitForHydration } from '../fixtures.ts';
import { field, mainButton, signUpOnAozora } from '../identity/support.ts';
import { newestCode, signUpByCalls } from '../mypage/member-support.ts';
import { answerCallback, appCall, authorizeUrl, CALLBACK } from './support.ts';

// A guest of a third-party app signs in on the provider's own pages (decision 0023): /oidc/login
// names the app in the store's brand; after the login (by password at 1280 px in Japanese, by
// code at 390 px in English) or a sign-up through /oidc/signup, the viewer is back in the
// authorization, and the app redeems its code for a valid ID token of that member.

const APP = { ja: 'あおぞらウォッチパーティ（デモ）', en: 'Aozora Watch Party (demo)' };

/** Consent given, the app's callback reached: the app redeems the code; answers the userinfo of its access token. */
async function allowAndRedeem(page: Page, port: number, verifier: string, allow: string) {
  await expect(page).toHaveURL(/\/oidc\/consent\?uid=/);
  await page.getByRole('button', { name: allow }).click();
  await expect(page).toHaveURL(new RegExp(`^${CALLBACK}\\?code=`));
  const code = new URL(page.url()).searchParams.get('code') ?? '';
  const token = await appCall(port, '/oidc/token', {
    form: { grant_type: 'authorization_code', code, redirect_uri: CALLBACK, client_id: 'aozora-web-demo', code_verifier: verifier },
  });
  expect(token.status).toBe(200);
  // The ID token is the store's, for this app, about the member the access token names.
  const claims = JSON.parse(Buffer.from(token.body.id_token?.split('.')[1] ?? '', 'base64url').toString()) as Record<string, string>;
  expect(claims.aud).toBe('aozora-web-demo');
  expect(claims.iss).toMatch(/^http:\/\/aozora\.localhost:\d+$/);
  const info = await appCall(port, '/oidc/me', { bearer: token.body.access_token });
  expect(info.body.sub).toBe(claims.sub);
  return info.body;
}

test('a guest of the app logs in on /oidc/login and the app gets the member', async ({ page, storeUrl, server, axe }, testInfo) => {
  const lang = testInfo.project.name === 'mobile' ? 'en' : 'ja';
  const member = await signUpByCalls(page, storeUrl, 'aozora');
  await page.goto(storeUrl('aozora', '/logout'));
  await answerCallback(page);

  // The app knows who is coming: its login_hint fills the address.
  const { verifier, path } = authorizeUrl({ login_hint: member.email });
  await page.goto(storeUrl('aozora', path));
  await expect(page).toHaveURL(/\/oidc\/login\?uid=/);
  if (lang === 'en') await page.goto(`${page.url()}&lang=en&loginType=authCode`);
  await waitForHydration(page);
  await expect(page.getByTestId('oidc-app')).toHaveText(
    lang === 'ja' ? `あおぞらシネマのアカウントで${APP.ja}にログインします。` : `Log in to ${APP.en} with your あおぞらシネマ account.`,
  );
  expect(await axe(page)).toEqual([]);

  if (lang === 'ja') {
    await expect(field(page, 'textbox', 'メールアドレス')).toHaveValue(member.email);
    await field(page, 'textbox', 'パスワード').fill(member.password ?? '');
    await mainButton(page, 'ログイン').click();
  } else {
    // Code mode: the code page keeps the interaction, and the code signs in.
    // The outbox read from this page (a second tab let Chromium's redirect to the app escape the route).
    const signupCode = await newestCode(page, member.email);
    await expect(field(page, 'textbox', 'E-mail address')).toHaveValue(member.email);
    await mainButton(page, 'Send a verification code').click();
    await expect(page).toHaveURL(/\/oidc\/login\/code\?uid=/);
    await waitForHydration(page);
    await expect(page.getByTestId('oidc-app')).toBeVisible();
    expect(await axe(page)).toEqual([]);
    await field(page, 'textbox', 'Verification code').fill(await newestCode(page, member.email, [signupCode]));
    await mainButton(page, 'Log in').click();
  }
  const info = await allowAndRedeem(page, server.port, verifier, lang === 'ja' ? '許可する' : 'Allow');
  expect(info.email).toBe(member.email);
});

test('a newcomer signs up through /oidc/signup and is back in the app', async ({
  page,
  storeUrl,
  server,
  axe,
  allowConsoleErrors,
}, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'the sign-up steps are the store’s, checked at both widths in the identity specs');
  // An interaction that has ended (or never was): the error page says so.
  allowConsoleErrors(/status of 409/);
  expect((await page.goto(storeUrl('aozora', '/oidc/signup/auth?uid=ended')))?.status()).toBe(409);
  await expect(page.getByText('セッションが無効です。お手数ですが、最初から手続きをやり直してください。')).toBeVisible();

  await answerCallback(page);
  const outbox = { code: (email: string) => newestCode(page, email) };
  const { verifier, path } = authorizeUrl();
  await page.goto(storeUrl('aozora', path));
  await expect(page).toHaveURL(/\/oidc\/login\?uid=/);
  await waitForHydration(page);
  await page.getByRole('main').getByRole('link', { name: '新規登録' }).click();

  // aozora asks for consent after the code: the choice comes first, with the e-mail form on it.
  await expect(page).toHaveURL(/\/oidc\/signup\/auth\?uid=/);
  await expect(page.getByTestId('oidc-app')).toHaveText(`${APP.ja}で使うあおぞらシネマのアカウントを登録します。`);
  await expect(page.getByRole('navigation', { name: '外部IDで登録' }).getByRole('link').first()).toHaveAttribute(
    'href',
    /redirectTo=%2Foidc%2FloginInteraction%3Fuid%3D/,
  );
  expect(await axe(page)).toEqual([]);
  const member = await signUpOnAozora(page, outbox, storeUrl, undefined, { onPage: true, next: /\/oidc\/consent\?uid=/ });
  const info = await allowAndRedeem(page, server.port, verifier, '許可する');
  expect(info.email).toBe(member.email);
});
