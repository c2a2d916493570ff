/**
 * The first paint is the final look (issue 7): the server's HTML, seen with JavaScript off, looks
 * as the page will once hydrated, on every store (the demo stores and the config matrix):
 *  - the main button of the login and password-reminder forms is drawn in the store's accent
 *    (not disabled, dashed, neutral) and every box (button, form, header logo) is where it will
 *    be after hydration;
 *  - no empty row leaves a gap in the form (a store without passwords has no links under it);
 *  - the header logo's lettering fits its image (the kurenai one overflowed and was clipped);
 *  - a press of the button or of Enter before the scripts run never sends the form the
 *    browser's way (no password in an address, nothing typed lost).
 */
import type { Browser } from '@playwright/test';
import { applyMatrixOnce } from './config-matrix/apply.ts';
import { matrixStores } from './config-matrix/stores.ts';
import { test as base, expect, type Page, waitForHydration } from './fixtures.ts';
import { getAsHost } from './server-process.ts';
import { serverState } from './server-state.ts';
import { DEMO_STORE_IDS, hexToRgb, loadTenant } from './tenants.ts';

const MATRIX = matrixStores();
type Store = { storeId: string; accent: string; botCheck: boolean };
const STORES: Store[] = [
  ...DEMO_STORE_IDS.map((storeId) => {
    const t = loadTenant(storeId) as ReturnType<typeof loadTenant> & { botCheck?: string };
    return { storeId, accent: t.colors.accentColor, botCheck: (t.botCheck ?? 'off') !== 'off' };
  }),
  ...MATRIX.map((m) => ({ storeId: m.storeId, accent: m.settings.colors.accentColor, botCheck: m.settings.botCheck !== 'off' })),
];

const test = base.extend<{ noTagManager: undefined }, { matrixApplied: undefined }>({
  // The tag manager of the GTM stores is answered with an empty script: no internet in tests.
  noTagManager: [
    async ({ context }, use) => {
      await context.route('https://www.googletagmanager.com/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
      );
      await use(undefined);
    },
    { auto: true },
  ],
  matrixApplied: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured first argument.
    async ({}, use) => {
      await applyMatrixOnce(serverState(), MATRIX);
      await use(undefined);
    },
    { scope: 'worker', auto: true, timeout: 120_000 },
  ],
});

type Look = {
  button: { box: string; background: string; color: string; border: string; opacity: string; cursor: string } | null;
  form: string;
  logo: string;
  emptyRows: string[];
};

/** What the reader sees of the login page: the main button's look and the boxes around it. */
function look(page: Page): Promise<Look> {
  return page.evaluate(() => {
    const box = (el: Element | null) => {
      if (!el) return 'none';
      const r = el.getBoundingClientRect();
      return `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    };
    const form = document.querySelector('main form');
    const button = [...(form?.querySelectorAll('button') ?? [])].find(
      (b) => b.offsetParent !== null && b.textContent?.trim() && b.getBoundingClientRect().width > 200,
    );
    const s = button ? getComputedStyle(button) : null;
    // An in-flow element of no height in a flex stack still takes a gap: an empty row.
    const emptyRows = [...(form?.querySelectorAll('*') ?? [])]
      .filter((el) => {
        const cs = getComputedStyle(el);
        const parent = el.parentElement ? getComputedStyle(el.parentElement) : null;
        return (
          parent?.display === 'flex' &&
          parent.flexDirection === 'column' &&
          cs.display !== 'none' &&
          cs.position !== 'absolute' &&
          el.getBoundingClientRect().height === 0
        );
      })
      .map((el) => el.outerHTML.slice(0, 80));
    const logo = [...document.querySelectorAll('header img')].find((img) => img.getBoundingClientRect().width > 0) ?? null;
    return {
      button: s
        ? {
            box: box(button ?? null),
            background: s.backgroundColor,
            color: s.color,
            border: `${s.borderStyle} ${s.borderColor}`,
            opacity: s.opacity,
            cursor: s.cursor,
          }
        : null,
      form: box(form),
      logo: box(logo),
      emptyRows,
    };
  });
}

async function openWithoutScripts(browser: Browser, url: string, viewport: { width: number; height: number } | null) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: viewport ?? undefined, locale: 'ja-JP' });
  const page = await context.newPage();
  await page.goto(url);
  return { context, page };
}

const PAGES: Array<[Store, string]> = [
  ...STORES.map((store): [Store, string] => [store, '/login']),
  ...STORES.filter((s) => DEMO_STORE_IDS.some((id) => id === s.storeId)).map((store): [Store, string] => [store, '/password/forgot']),
];

for (const [store, path] of PAGES) {
  test(`${store.storeId} ${path} looks the same before the scripts run as after`, async ({ page, browser, storeUrl, viewport }) => {
    const url = storeUrl(store.storeId, path);
    const before = await openWithoutScripts(browser, url, viewport);
    const first = await look(before.page);
    await before.context.close();

    await page.goto(url);
    await waitForHydration(page);
    await page.mouse.move(0, 0);
    const hydrated = await look(page);

    expect(first.button, 'the main button is drawn').not.toBeNull();
    expect(first.emptyRows, 'no empty row (a gap) in the form').toEqual([]);
    expect(first).toEqual(hydrated);
    if (!store.botCheck) {
      // Without a bot check to tick first, the button is ready: the accent, a solid border.
      expect(first.button?.background).toBe(hexToRgb(store.accent));
      expect(first.button?.border).toMatch(/^solid/);
    }
  });
}

for (const storeId of DEMO_STORE_IDS) {
  test(`${storeId}: the header logo's lettering fits its image`, async ({ page, storeUrl }) => {
    await page.goto(storeUrl(storeId, '/'));
    const overflow = await page.evaluate(async () => {
      const out: string[] = [];
      for (const img of document.querySelectorAll<HTMLImageElement>('header img')) {
        const text = await (await fetch(img.src)).text();
        const holder = document.createElement('div');
        holder.style.cssText = 'position:absolute;left:-9999px;top:0';
        holder.innerHTML = text;
        document.body.append(holder);
        const svg = holder.querySelector('svg');
        const width = svg?.viewBox.baseVal.width ?? 0;
        for (const t of svg?.querySelectorAll('text') ?? []) {
          const r = t.getBoundingClientRect();
          const s = svg?.getBoundingClientRect();
          if (s && r.right - s.left > width + 0.5)
            out.push(`${img.src}: "${t.textContent}" ends at ${Math.round(r.right - s.left)} of ${width}`);
        }
        holder.remove();
      }
      return out;
    });
    expect(overflow).toEqual([]);
  });
}

test('before the scripts run, Enter or a press of the login button sends nothing and keeps the input', async ({
  browser,
  storeUrl,
  viewport,
}) => {
  const { context, page } = await openWithoutScripts(browser, storeUrl('aozora', '/login'), viewport);
  const navigations: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest()) navigations.push(`${r.method()} ${r.url()}`);
  });
  const email = page.getByRole('textbox', { name: /メールアドレス/ });
  const password = page.locator('input[autocomplete="current-password"]');
  await email.fill('someone@example.jp');
  await password.fill('Secret-Passw0rd');
  await password.press('Enter');
  await email.press('Enter');
  await page.getByRole('main').getByRole('button', { name: 'ログイン', exact: true }).click({ force: true });
  await page.waitForTimeout(500);
  expect(navigations).toEqual([]);
  expect(page.url()).toBe(storeUrl('aozora', '/login'));
  await expect(email).toHaveValue('someone@example.jp');
  await expect(password).toHaveValue('Secret-Passw0rd');
  await context.close();
});

test('a code-login form (one field) is not sent by Enter before the scripts run', async ({ browser, storeUrl, viewport }) => {
  const { context, page } = await openWithoutScripts(browser, storeUrl('aozora', '/login?loginType=authCode'), viewport);
  const navigations: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest()) navigations.push(`${r.method()} ${r.url()}`);
  });
  const email = page.getByRole('textbox', { name: /メールアドレス/ });
  await email.fill('someone@example.jp');
  await email.press('Enter');
  await page.waitForTimeout(500);
  expect(navigations).toEqual([]);
  await expect(email).toHaveValue('someone@example.jp');
  await context.close();
});

test('styles are two immutable, content-hashed stylesheets: the brand, and the page with no store colour in it', async () => {
  const { port } = serverState();
  const fetchSheet = async (href: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${href}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toMatch(/^text\/css/);
    return (await res.text()).toLowerCase();
  };
  for (const store of STORES.filter((s) => ['aozora', 'kurenai', 'cm-pale', 'cm-ink'].includes(s.storeId))) {
    const host = `${store.storeId}.localhost`;
    const html = (await getAsHost(port, host, '/plans')).body.toString('utf8');
    // No CSS is repeated in a response: neither Emotion's blocks nor the brand's variables.
    expect(html).not.toMatch(/<style/);
    const hrefs = [...html.matchAll(/<link rel="stylesheet" href="(\/styles\/[A-Za-z0-9_-]{16}\.css)">/g)].map((m) => m[1] ?? '');
    expect(hrefs, `${host} links its brand and its page stylesheet`).toHaveLength(2);
    const [brand, pageCss] = [await fetchSheet(hrefs[0] ?? ''), await fetchSheet(hrefs[1] ?? '')];
    // The brand file holds the store's values as :root variables; the page file only refers to them.
    expect(brand).toContain(`--st-accent:${store.accent.toLowerCase()}`);
    expect(pageCss).toContain('var(--st-accent)');
    expect(pageCss).not.toContain(store.accent.toLowerCase());
  }
});
