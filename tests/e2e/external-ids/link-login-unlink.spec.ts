/**
 * External IDs in Chromium against the local providers (id-sandbox, started with the server):
 * a member of aozora links an ID from My Page (the provider's consent page, back to the
 * completion), logs in with it from /login in a fresh session, unlinks it, and the relate-error
 * page shows its text. The desktop project uses LINE in Japanese, the phone project Google in
 * English (different providers: the two projects share one server). axe-core on each screen.
 */
import { expect, test, waitForHydration } from '../fixtures.ts';
import { expectSignedInHeader } from '../identity/support.ts';
import { signUpByCalls } from '../mypage/member-support.ts';

const TEXTS = {
  ja: {
    section: '外部ID連携',
    link: '連携する',
    unlink: '連携を解除する',
    linked: '連携済み',
    notLinked: '未連携',
    allow: '許可する',
    linkedTitle: '外部ID連携完了',
    unlinkedTitle: '外部ID連携解除完了',
    loginWith: (n: string) => `${n}でログイン`,
    errorTitle: '外部ID連携エラー',
    exists: 'この外部IDは既に別のアカウントに連携されています。',
  },
  en: {
    section: 'External IDs',
    link: 'Link',
    unlink: 'Unlink',
    linked: 'Linked',
    notLinked: 'Not linked',
    allow: 'Allow',
    linkedTitle: 'External ID linked',
    unlinkedTitle: 'External ID unlinked',
    loginWith: (n: string) => `Log in with ${n}`,
    errorTitle: 'External ID error',
    exists: 'This external ID is already linked to another account.',
  },
} as const;

test('a member links an external ID, logs in with it, and unlinks it', async ({ page, storeUrl, axe }, testInfo) => {
  test.setTimeout(180_000);
  const lang = testInfo.project.name === 'mobile' ? 'en' : 'ja';
  const q = lang === 'en' ? '?lang=en' : '';
  const x = TEXTS[lang];
  const [provider, name, user] = lang === 'ja' ? ['line', 'LINE', 'line-hanako'] : ['google', 'Google', 'google-alice'];
  await signUpByCalls(page, storeUrl, 'aozora');

  await page.goto(storeUrl('aozora', `/mypage${q}`));
  const row = page.locator(`[data-external-id="${provider}"]`);
  await expect(page.getByRole('heading', { level: 2, name: x.section })).toBeVisible();
  await expect(row).toContainText(x.notLinked);
  await expect(page.locator('[data-external-id]')).toHaveCount(4);
  await waitForHydration(page);
  expect.soft(await axe(page), 'aozora /mypage with external IDs: axe').toEqual([]);

  // The provider's own page on its own origin: pick the test user and allow.
  await row.getByRole('link', { name: x.link }).click();
  await expect(page.getByRole('button', { name: x.allow })).toBeVisible();
  expect(new URL(page.url()).hostname).toBe('127.0.0.1');
  await page.getByRole('radio', { name: new RegExp(user) }).check();
  await page.getByRole('button', { name: x.allow }).click();
  await expect(page).toHaveURL(storeUrl('aozora', '/mypage/social/enable/complete'));
  await expect(page.getByRole('heading', { level: 1, name: x.linkedTitle })).toBeVisible();
  await waitForHydration(page);
  expect.soft(await axe(page), 'aozora /mypage/social/enable/complete: axe').toEqual([]);

  // A fresh session logs in with the linked ID from the login page's button.
  await page.context().clearCookies();
  await page.goto(storeUrl('aozora', `/login${q}`));
  await waitForHydration(page);
  await page.getByRole('link', { name: x.loginWith(name) }).click();
  await page.getByRole('radio', { name: new RegExp(user) }).check();
  await page.getByRole('button', { name: x.allow }).click();
  await expect(page).toHaveURL(storeUrl('aozora', '/'));
  await expectSignedInHeader(page, lang);

  // Unlinking: the member has a password, so the ID may go.
  await page.goto(storeUrl('aozora', `/mypage${q}`));
  await expect(row).toContainText(x.linked);
  await waitForHydration(page);
  await row.getByRole('button', { name: x.unlink }).click();
  await expect(page).toHaveURL(storeUrl('aozora', '/mypage/social/disable/complete'));
  await expect(page.getByRole('heading', { level: 1, name: x.unlinkedTitle })).toBeVisible();

  await page.goto(storeUrl('aozora', `/social/relate/error?type=ACCOUNT_ALREADY_EXISTS${q ? '&lang=en' : ''}`));
  await expect(page.getByRole('heading', { level: 1, name: x.errorTitle })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(x.exists);
  await waitForHydration(page);
  expect.soft(await axe(page), 'aozora /social/relate/error: axe').toEqual([]);
});
