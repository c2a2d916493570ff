/**
 * My Page, helper A's slice (issue 8): the layout (side menu at 1280 px, slider menu below 1000 px
 * that moves 160 px a step, no menu in the app, where a back link leads to the previous page), the
 * account top's rows on two stores with different flags (aozora in Japanese, kurenai in English),
 * and the login history showing the member's own logins. axe-core on every screen.
 * Spec: member-area.md sections 2 and 6.
 */
import { readFileSync } from 'node:fs';
import { publicStoreSettings } from '#config-schema/public-settings.ts';
import { storeSettings } from '#config-schema/store-settings.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';
import { validSignupForm } from '../../helpers/call-seeds.ts';
import { expect, type Page, test, waitForHydration } from '../fixtures.ts';
import { Outbox, randomSuffix, uniqueEmail } from '../identity/support.ts';
import { tenantFile } from '../tenants.ts';
import { onStoreOrigin } from './member-support.ts';

const APP_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 StoreApp/3.2';

function storeOf(storeId: string): StoreContext {
  const settings = storeSettings.parse(JSON.parse(readFileSync(tenantFile(storeId), 'utf8')));
  return { storeId, revision: 1, settings, publicSettings: publicStoreSettings.parse(settings) } as StoreContext;
}

type StoreUrl = (storeId: string, path?: string) => string;

/**
 * A member signed up through the JSON calls a browser's pages make (not the subject here), from
 * a page of the store (so the calls are same-origin, as the pages make them), then logged in once
 * more with the password so the history has a login. The page's context holds the session.
 */
async function signUpByApi(page: Page, storeUrl: StoreUrl, storeId: string): Promise<{ email: string }> {
  const store = storeOf(storeId);
  await onStoreOrigin(page, storeUrl, storeId);
  const post = async (path: string, data: unknown) => {
    const res = await page.evaluate(
      async ([p, body]) => {
        const r = await fetch(p as string, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        return { status: r.status, text: await r.text() };
      },
      [path, data] as const,
    );
    expect(res.status, `${path}: ${res.text}`).toBe(200);
  };
  const email = uniqueEmail(`mypage-${storeId}`);
  const consent = store.settings.policies.map((p) => ({ policyId: p.policyId, revision: p.revision, agreed: true }));
  if (store.settings.signupPolicyFirst) await post('/zapi/signup/policy', { policyConsentData: consent });
  await post('/zapi/signup/email', { type: 'signUp', email });
  const outbox = await Outbox.open(page.context(), storeUrl(storeId, '/dev/outbox'));
  await post('/zapi/signup/pin-code', { pinCode: await outbox.code(email) });
  await outbox.page.close();
  const form = validSignupForm(store);
  if ('userId' in form) form.userId = `e2e${randomSuffix(8)}`;
  await post('/zapi/signup', { ...form, ...(!store.settings.signupPolicyFirst && { policyConsentData: consent }) });
  await post('/login', { emailUserId: email, password: form.password });
  return { email };
}

/** The rows of the account top, by their visible label or link, in order. */
async function rowTexts(page: Page, section: string): Promise<string[]> {
  const region = page.getByRole('main').getByRole('region', { name: section });
  return (await region.getByRole('listitem').allInnerTexts()).map((t) => t.split('\n')[0]?.trim() ?? '');
}

async function expectNoAxeViolations(page: Page, axe: (p: Page) => Promise<unknown[]>, what: string) {
  await waitForHydration(page);
  expect.soft(await axe(page), `${what}: serious or critical axe violations`).toEqual([]);
}

test('aozora in Japanese: the menu of the screen width, the rows of its flags, and the login history', async ({
  page,
  storeUrl,
  axe,
  isMobile,
}) => {
  const { email } = await signUpByApi(page, storeUrl, 'aozora');
  // The header's profile-image menu leads to My Page.
  await page.goto(storeUrl('aozora', '/plans'));
  await waitForHydration(page);
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: 'アカウントメニュー' }).click();
  await banner.getByRole('link', { name: 'マイページ' }).click();
  await expect(page).toHaveURL(storeUrl('aozora', '/mypage'));
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'マイページ' })).toBeVisible();

  // The menu: Home, Plan, Payment method, Payment history (aozora sells subscriptions and takes
  // payments), then back to top; a side column at 1280 px, a slider at 390 px.
  const menu = page.getByRole('navigation', { name: 'マイページメニュー' });
  await expect(menu).toHaveCount(1);
  await expect(menu.getByRole('link')).toHaveText(['ホーム', 'プラン', 'お支払い方法', 'お支払い履歴', 'トップページへ戻る']);
  await expect(menu.getByRole('link', { name: 'ホーム' })).toHaveAttribute('aria-current', 'page');
  await expect(menu).toHaveAttribute('data-testid', isMobile ? 'mypage-slider-menu' : 'mypage-side-menu');
  if (isMobile) {
    const track = page.getByTestId('mypage-slider-track');
    const scroll = () => track.evaluate((el) => el.scrollLeft);
    const back = menu.getByRole('button', { name: 'メニューを前へ送る' });
    const forward = menu.getByRole('button', { name: 'メニューを次へ送る' });
    await expect(back).toBeDisabled();
    await forward.click();
    await expect.poll(scroll).toBe(160);
    await expect(back).toBeEnabled();
    await back.click();
    await expect.poll(scroll).toBe(0);
  }

  // aozora: no user ID; newsletter, privacy, PIN code, connected apps, profile images.
  await expect(page.getByRole('main').getByText(email)).toBeVisible();
  expect(await rowTexts(page, 'アカウント情報')).toEqual(['メールアドレス', 'パスワード', '登録情報', 'プロフィール画像']);
  await expect(page.getByRole('main').getByText(/^最終更新日時：\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'パスワードを変更する' })).toHaveAttribute('href', '/mypage/password/edit');
  const privacy = page.getByRole('main').getByRole('region', { name: 'プライバシーとセキュリティ' });
  await expect(privacy.getByRole('link')).toHaveText([
    'ログイン履歴',
    'メールマガジン',
    'プライバシー管理',
    'PINコード設定',
    '連動アプリ',
    '退会',
  ]);
  await expect(privacy.getByRole('link', { name: 'プライバシー管理' })).toHaveAttribute('href', '/mypage/consent?type=privacy');
  await expectNoAxeViolations(page, axe, 'aozora /mypage');

  // The login history: the password login of signUpByApi, newest first, in JST.
  await privacy.getByRole('link', { name: 'ログイン履歴' }).click();
  await expect(page).toHaveURL(storeUrl('aozora', '/mypage/login-history'));
  await expect(page.getByRole('heading', { level: 1, name: 'ログイン履歴' })).toBeVisible();
  const when = /\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}/;
  if (isMobile) {
    await expect(page.getByTestId('login-history-table')).toBeHidden();
    const entry = page.getByTestId('login-history-list').getByRole('group').first();
    await expect(entry.getByText(when)).toBeVisible();
    await expect(entry.getByText('127.0.0.1')).toBeHidden();
    await entry.getByText(when).click();
    await expect(entry.getByText('127.0.0.1')).toBeVisible();
    await expect(entry.getByText('パスワード', { exact: true })).toBeVisible();
  } else {
    const table = page.getByTestId('login-history-table');
    await expect(table.getByRole('columnheader')).toHaveText(['日時', '結果', 'ログイン方法', 'デバイス', 'ブラウザ', '国', 'IPアドレス']);
    const first = table.getByRole('row').nth(1);
    await expect(first.getByRole('cell')).toHaveText([when, '成功', 'パスワード', /.+/, /.+/, '-', '127.0.0.1']);
  }
  await expect(page.getByRole('navigation', { name: 'マイページメニュー' })).toHaveCount(1);
  await expectNoAxeViolations(page, axe, 'aozora /mypage/login-history');
});

test.describe('desktop only', () => {
  test.skip(({ isMobile }) => isMobile, 'a rule of the flags and the app, not of the screen width');

  test('kurenai in English: the rows of its other flags', async ({ page, storeUrl, axe }) => {
    const { email } = await signUpByApi(page, storeUrl, 'kurenai');
    await page.goto(storeUrl('kurenai', '/mypage?lang=en'));
    await expect(page.getByRole('heading', { level: 1, name: 'My Page' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'My Page menu' }).getByRole('link')).toHaveText([
      'Home',
      'Plans',
      'Payment methods',
      'Payment history',
      'Back to top',
    ]);
    await expect(page.getByRole('main').getByText(email)).toBeVisible();
    // kurenai: user IDs; newsletter; no privacy management, no PIN code, no connected apps.
    expect(await rowTexts(page, 'Account')).toEqual(['E-mail address', 'User ID', 'Password', 'Registration information', 'Profile image']);
    await expect(page.getByRole('link', { name: 'Change user ID' })).toHaveAttribute('href', '/mypage/user-id/edit');
    const privacy = page.getByRole('main').getByRole('region', { name: 'Privacy and security' });
    await expect(privacy.getByRole('link')).toHaveText(['Login history', 'Newsletter', 'Withdraw membership']);
    await expectNoAxeViolations(page, axe, 'kurenai /mypage (en)');

    await privacy.getByRole('link', { name: 'Login history' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Login history' })).toBeVisible();
    const table = page.getByTestId('login-history-table');
    await expect(table.getByRole('columnheader')).toHaveText([
      'Date and time',
      'Result',
      'Login type',
      'Device',
      'Browser',
      'Country',
      'IP address',
    ]);
    await expect(table.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('Succeeded');
    await expectNoAxeViolations(page, axe, 'kurenai /mypage/login-history (en)');
  });

  test('in the app: no menu, only a back link to the previous page; the app-hidden rows are gone', async ({ browser, storeUrl, axe }) => {
    const context = await browser.newContext({ userAgent: APP_UA, viewport: { width: 1280, height: 900 } });
    // A context of its own (the app's user agent): the fixtures' console guard watches only theirs.
    const errors: string[] = [];
    context.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    context.on('weberror', (e) => errors.push(e.error().message));
    try {
      const page = await context.newPage();
      await signUpByApi(page, storeUrl, 'aozora');
      await page.goto(storeUrl('aozora', '/mypage'));
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1, name: 'マイページ' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'マイページメニュー' })).toHaveCount(0);
      expect(await rowTexts(page, 'アカウント情報')).toEqual(['メールアドレス', 'パスワード', '登録情報']);
      const privacy = page.getByRole('main').getByRole('region', { name: 'プライバシーとセキュリティ' });
      await expect(privacy.getByRole('link')).toHaveText(['ログイン履歴', 'メールマガジン', 'プライバシー管理', 'PINコード設定']);
      await expectNoAxeViolations(page, axe, 'aozora /mypage in the app');

      // From the licences page to the login history: the back link returns to the licences page.
      await page.goto(storeUrl('aozora', '/app/licenses'));
      await waitForHydration(page);
      await page.goto(storeUrl('aozora', '/mypage/login-history'));
      await waitForHydration(page);
      await expect(page.getByRole('navigation', { name: 'マイページメニュー' })).toHaveCount(0);
      const back = page.getByRole('main').getByRole('link', { name: '戻る', exact: true });
      await expect(back).toHaveAttribute('href', '/app/licenses');
      await back.click();
      await expect(page).toHaveURL(storeUrl('aozora', '/app/licenses'));
      expect(errors, 'browser console errors in the app').toEqual([]);
    } finally {
      await context.close();
    }
  });
});
