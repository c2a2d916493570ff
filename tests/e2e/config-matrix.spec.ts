/**
 * The product promise over store configurations, not just the three demo stores: ten documents
 * derived from tenants/midori.json (config-matrix/stores.ts) that together use every option the
 * schema offers are applied to the running server once, then every store is checked
 *  - over plain HTTP: each public route in Japanese and English (status, redirects, language,
 *    the store's own name, no server-error page);
 *  - in Chromium at both widths: home and login with no console error and no serious or critical
 *    axe violation (the near-white and near-black brand colours are the point), no sideways scroll;
 *  - by signing up on four contrasting stores: the details form has exactly the fields in use,
 *    with their 必須/任意 badges, refuses empty required ones and signs the newcomer up.
 * Spec: public-area.md sections 2, 3, 4 and 5.
 */
import { pickText } from '#domain/localized-text.ts';
import { applyMatrixOnce } from './config-matrix/apply.ts';
import { coverage } from './config-matrix/coverage.ts';
import { expectGuestFooter, expectNoSidewaysScroll } from './config-matrix/page-checks.ts';
import {
  control,
  expectedControls,
  expectedFormControls,
  formControls,
  type Lang,
  passwordFor,
  TEXTS,
  walkToDetailsForm,
} from './config-matrix/signup-walk.ts';
import { matrixStores } from './config-matrix/stores.ts';
import { test as base, expect, waitForHydration } from './fixtures.ts';
import { expectSignedInHeader, field, mainButton, Outbox, uniqueEmail } from './identity/support.ts';
import { getAsHost } from './server-process.ts';
import { serverState } from './server-state.ts';
import { escapeRegExp } from './tenants.ts';

const STORES = matrixStores();

const test = base.extend<{ gtmRequests: string[] }, { matrixApplied: undefined }>({
  // Before any test of this file: once per run, whichever worker comes first (see apply.ts).
  matrixApplied: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured first argument.
    async ({}, use) => {
      await applyMatrixOnce(serverState(), STORES);
      await use(undefined);
    },
    { scope: 'worker', auto: true, timeout: 120_000 },
  ],
  // The tag manager is answered with an empty script: the tests must not depend on the internet.
  gtmRequests: [
    async ({ context }, use) => {
      const ids: string[] = [];
      await context.route('https://www.googletagmanager.com/**', (route) => {
        ids.push(new URL(route.request().url()).searchParams.get('id') ?? '');
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
      });
      await use(ids);
    },
    { auto: true },
  ],
});

const html = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
const LANGS: Lang[] = ['ja', 'en'];

test('the matrix uses every option the schema offers', () => {
  test.skip(test.info().project.name !== 'desktop', 'no browser involved: once is enough');
  for (const d of coverage(STORES.map((s) => s.settings))) {
    expect(
      d.wanted.filter((w) => !d.covered.includes(w)),
      `${d.name}: values no matrix store uses`,
    ).toEqual([]);
  }
  expect(new Set(STORES.map((s) => s.storeId)).size).toBe(STORES.length);
});

for (const [index, store] of STORES.entries()) {
  const { storeId, host, settings: s, about } = store;
  // The browser half: every other store in English (where words cannot wrap anywhere, so the
  // phone width is harder), the English-default store in English too.
  const browserLang: Lang = s.defaultLanguage === 'en' || index % 2 === 1 ? 'en' : 'ja';

  test(`${storeId} (${about}): every public route answers in Japanese and English`, async ({ server }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'plain HTTP: the viewport does not matter');
    const gate = (open: boolean, to: string) => (open ? { status: 200 } : { status: 302, location: to });
    const routes: Array<{ path: string; status: number; location?: string; passwordBox?: boolean }> = [
      { path: '/', status: 200 },
      { path: '/plans', status: 200 },
      { path: '/login', status: 200, passwordBox: s.defaultLoginType === 'password' && s.features.password },
      { path: '/login?loginType=authCode', status: 200, passwordBox: false },
      { path: '/signup', ...gate(s.signupPolicyFirst, '/signup/auth') },
      { path: '/signup/auth', ...gate(!s.signupPolicyFirst, '/signup') },
      { path: '/signup/email', ...gate(!s.signupPolicyFirst, '/signup') },
      // Without passwords there is no reset: the page leads to login.
      { path: '/password/forgot', ...gate(s.features.password, '/login') },
      { path: '/app/licenses', status: 200 },
      { path: '/no-such-page', status: 404 },
    ];
    for (const lang of LANGS) {
      for (const route of routes) {
        const path = `${route.path}${route.path.includes('?') ? '&' : '?'}lang=${lang}`;
        const res = await getAsHost(server.port, host, path);
        const where = `${host}${path}`;
        expect(res.status, where).toBe(route.status);
        if (route.location) {
          expect(res.location, where).toBe(route.location);
          continue;
        }
        const body = res.body.toString('utf8');
        expect(body, `${where}: <html lang>`).toContain(`<html lang="${lang}"`);
        expect(body, `${where}: the store's name`).toContain(html(s.serviceName));
        expect(body, `${where}: no server-error page`).not.toMatch(/サーバーエラー|Server error/);
        if (route.status === 404) expect(body, where).toContain(lang === 'ja' ? 'ページが見つかりません' : 'Page not found');
        if (route.passwordBox !== undefined) expect(body.includes('type="password"'), `${where}: a password box`).toBe(route.passwordBox);
        if (route.path === '/plans') {
          const visible = s.plans.filter((p) => p.visible);
          for (const plan of visible) expect(body, where).toContain(html(pickText(plan.planName, lang)));
          const none = lang === 'ja' ? '現在ご購入いただけるプランはありません。' : 'There are no plans available right now.';
          expect(body.includes(none), `${where}: the "no plans" text`).toBe(visible.length === 0);
        }
      }
    }
    // Without a stated language, the store's own default.
    const plain = await getAsHost(server.port, host, '/');
    expect(plain.body.toString('utf8')).toContain(`<html lang="${s.defaultLanguage}"`);
  });

  test(`${storeId} (${about}): home and login in ${browserLang} work in the browser, readable and without console errors`, async ({
    page,
    storeUrl,
    axe,
    gtmRequests,
  }) => {
    const lang = browserLang;
    // The language from the address, as the footer switch does; the cookie keeps it for /login.
    const home = await page.goto(storeUrl(storeId, `/?lang=${lang}`));
    expect(home?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1, name: s.serviceName })).toBeVisible();
    await expectGuestFooter(page, s, lang);
    await expectNoSidewaysScroll(page);
    expect(await axe(page), 'home: serious or critical axe violations').toEqual([]);

    const login = await page.goto(storeUrl(storeId, '/login'));
    expect(login?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1, name: lang === 'ja' ? 'ログイン' : 'Log in' })).toBeVisible();
    const idLabel = s.features.userId ? (lang === 'ja' ? 'メールアドレスまたはユーザID' : 'E-mail address or user ID') : TEXTS[lang].email;
    await expect(field(page, 'textbox', idLabel)).toBeVisible();
    const passwordMode = s.defaultLoginType === 'password' && s.features.password;
    await expect(field(page, 'textbox', TEXTS[lang].password)).toHaveCount(passwordMode ? 1 : 0);
    await expectNoSidewaysScroll(page);
    expect(await axe(page), 'login: serious or critical axe violations').toEqual([]);

    expect([...new Set(gtmRequests)], 'the tag manager loads exactly when gtmId is set').toEqual(s.gtmId ? [s.gtmId] : []);
  });
}

/** Contrasting sign-up settings; `fill: 'required'` leaves every optional field empty. */
const WALKS: Array<{ storeId: string; lang: Lang; fill: 'all' | 'required' }> = [
  { storeId: 'cm-everything', lang: 'ja', fill: 'all' },
  { storeId: 'cm-english', lang: 'en', fill: 'all' },
  { storeId: 'cm-optional', lang: 'ja', fill: 'required' },
  { storeId: 'cm-minimal', lang: 'ja', fill: 'all' },
];

for (const walk of WALKS) {
  const store = STORES.find((x) => x.storeId === walk.storeId)!;
  const { settings: s, about } = store;
  const { lang } = walk;
  const t = TEXTS[lang];

  test(`${walk.storeId} (${about}): the sign-up form in ${lang} asks exactly for the fields in use and signs the newcomer up`, async ({
    page,
    context,
    storeUrl,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one sign-up per store is enough; the form on phones is covered by the identity specs');
    const outbox = await Outbox.open(context, storeUrl(walk.storeId, '/dev/outbox'));
    await walkToDetailsForm(page, outbox, storeUrl, store, uniqueEmail(walk.storeId), lang);
    const form = page.getByRole('main').locator('form');
    const controls = expectedControls(s, lang);

    // Exactly the controls in use, in settings order, each marked 必須/任意 (Required/Optional).
    expect(await formControls(form)).toEqual(expectedFormControls(s, lang));
    if (s.signupFields.sex !== 'NOT_USE') {
      const sexes = lang === 'ja' ? ['男性', '女性', 'その他', '回答しない'] : ['Male', 'Female', 'Other', 'Prefer not to say'];
      const offered = s.disallowUnknownGender ? sexes.slice(0, 3) : sexes;
      const sex = controls.find((c) => c.key === 'sex')!;
      const group = control(form, sex);
      if (s.genderInputType === 'Radio') {
        for (const name of offered) await expect(group.getByRole('radio', { name, exact: true })).toBeVisible();
        await expect(group.getByRole('radio')).toHaveCount(offered.length);
      } else {
        await expect(group.locator('option:not([value=""])')).toHaveText(offered);
      }
    }

    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/zapi/signup') posts.push(r.url());
    });
    const submit = mainButton(page, t.submit);

    // Sent empty: each required control says why and nothing is sent; optional ones stay quiet.
    if (controls.some((c) => c.usage === 'REQUIRED') || s.features.password) {
      await submit.click();
      for (const c of controls) {
        const loc = control(form, c);
        if (c.usage === 'REQUIRED') {
          await expect(loc, `${c.key} is required`).toHaveAccessibleDescription(new RegExp(escapeRegExp(c.requiredError)));
          if (c.role !== 'group') await expect(loc).toHaveAttribute('aria-invalid', 'true');
        } else {
          await expect(loc, `${c.key} is optional`).not.toHaveAccessibleDescription(new RegExp(escapeRegExp(c.requiredError)));
          if (c.role !== 'group') await expect(loc).not.toHaveAttribute('aria-invalid', 'true');
        }
      }
      if (s.features.password) await expect(field(form, 'textbox', t.password)).toHaveAttribute('aria-invalid', 'true');
      await expect(page).toHaveURL(/\/signup\/form$/);
      expect(posts, 'no sign-up call while a required field is empty').toEqual([]);
    }

    for (const c of controls) if (walk.fill === 'all' || c.usage === 'REQUIRED') await c.fill(form);
    if (s.features.password) {
      const password = passwordFor();
      await field(form, 'textbox', t.password).fill(password);
      await field(form, 'textbox', t.passwordAgain).fill(password);
    }
    await submit.click();
    await expect(page).toHaveURL(/\/signup\/(plans|complete)$/);
    expect(posts).toHaveLength(1);
    await expectSignedInHeader(page, lang);
  });
}
