/**
 * A subscription's later life (issue 10): billing runs at later times, in Chromium. The run is the
 * billing command (`npm run billing -- run --at ...`), as an operator or a newcomer types it, so
 * each test starts a server of its own (a run at a later time would renew the shared e2e server's
 * other members too):
 *
 * - Desktop, Japanese, on the embedded database (what `npm start` runs): the command asks the
 *   running server, which holds the one PGlite session and the sandbox provider (decision 0028). A
 *   trial paid by a declining card goes on hold at the run; the member changes the subscription's
 *   card to one that asks for 3-D Secure and retries (re-settlement), answering the challenge; the
 *   trial is now paid.
 * - Phone, English, on PostgreSQL (skipped without one): the command runs the billing itself, as
 *   production workers do, through the provider's API with the shared secret. A trial on a good
 *   card becomes paid at the run; later runs renew it month after month, and the payment history
 *   pages through the charges, each page asked for once, kept across a visit to an invoice and back.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { addMonths } from '#domain/commerce/order-dates.ts';
import { createEmptyPostgresDatabase } from '../../helpers/test-db.ts';
import { type AxeViolation, expect, test, waitForHydration } from '../fixtures.ts';
import { mainButton } from '../identity/support.ts';
import { callInPage, type StoreUrl } from '../mypage/member-support.ts';
import { E2E_PAYMENT_SECRET, ROOT, type RunningServer, startBuiltServer, stopProcess } from '../server-process.ts';
import { addVisa, aozoraMemberWithCard, buyWithCalls } from './support.ts';

const POSTGRES = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type BillingServer = {
  storeUrl: StoreUrl;
  /** `npm run billing -- run --at <at>` for this server's database; answers its summary line. */
  runBilling: (at: string) => Promise<string>;
};

/** The billing command's output (stdout), run with `env` on top of this process's (without DATABASE_URL). */
async function billingCommand(at: string, env: Record<string, string>): Promise<string> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const run = await promisify(execFile)('npm', ['run', '--silent', 'billing', '--', 'run', '--at', at], {
    cwd: ROOT,
    env: { ...inherited, LOG_LEVEL: 'silent', ...env },
  });
  return run.stdout.trim();
}

/**
 * A server of its own for `fn`: on a fresh PGlite folder, or on a fresh PostgreSQL database (the
 * test is skipped without PostgreSQL).
 */
async function withBillingServer(
  page: Page,
  name: string,
  database: 'pglite' | 'postgres',
  fn: (s: BillingServer) => Promise<void>,
): Promise<void> {
  let db: Awaited<ReturnType<typeof createEmptyPostgresDatabase>> | null = null;
  if (database === 'postgres') {
    try {
      db = await createEmptyPostgresDatabase(POSTGRES);
    } catch (err) {
      test.skip(true, `no PostgreSQL at ${POSTGRES}: ${(err as Error).message}`);
      return;
    }
  }
  let server: RunningServer | null = null;
  try {
    server = await startBuiltServer({
      logFile: join(ROOT, `tmp/e2e-billing-${name}.log`),
      logLevel: 'warn',
      env: db ? { DATABASE_URL: db.url } : {},
    });
    const { port, paymentPort, dataDir } = server;
    const sandbox = `http://127.0.0.1:${paymentPort}`;
    await fn({
      storeUrl: (storeId, path = '/') => `http://${storeId}.localhost:${port}${path}`,
      runBilling: (at) =>
        db
          ? // A worker of its own: the database, and the provider's API with the secret it shares.
            billingCommand(at, {
              DATABASE_URL: db.url,
              PAYMENT_PROVIDER_URL: sandbox,
              PAYMENT_PROVIDER_PUBLIC_URL: sandbox,
              PAYMENT_SANDBOX_SECRET: E2E_PAYMENT_SECRET,
              PAYMENT_SANDBOX: 'false',
            })
          : // As a newcomer types it after `npm start`: nothing but where the data is.
            billingCommand(at, { DATA_DIR: dataDir }),
    });
  } finally {
    // The page leaves the server before it stops: a request the last page still makes (the
    // header's profile image after hydration) would otherwise meet a closed port.
    await page.goto('about:blank');
    if (server) await stopProcess(server.child);
    await db?.drop();
  }
}

/** The settlement day of the member's only subscription. */
async function settlementDay(page: Page): Promise<string> {
  const plans = JSON.parse((await callInPage(page, '/zapi/internal/mypage/plans/screen-data', undefined, 'GET')).body);
  return plans.contracted[0].nextSettlementDay;
}

const slashed = (day: string) => day.replaceAll('-', '/');

test('aozora: a trial on a declining card goes on hold at the billing run; a new card and a retry make it paid', async ({ page }) => {
  test.skip(test.info().project.name !== 'desktop', 'the phone walks the good card and the history below');
  test.setTimeout(180_000);
  await withBillingServer(page, 'declined', 'pglite', async ({ storeUrl, runBilling }) => {
    const { methodId } = await aozoraMemberWithCard(page, storeUrl, '4000000000000002');
    await buyWithCalls(page, 'standard-monthly', { paymentMethodId: methodId });
    const day = await settlementDay(page);

    // The run, at 01:00 JST of the settlement day: the card is declined, the trial goes on hold.
    expect(await runBilling(`${day}T01:00:00+09:00`)).toMatch(/failed 1, held 1/);

    await page.goto(storeUrl('aozora', '/mypage/plans'));
    const held = page.getByRole('article').filter({ hasText: '更新保留中' });
    await expect(held).toBeVisible();

    // A card that pays, made the subscription's, then the retry from the detail page. It is the
    // card whose issuer wants 3-D Secure for every charge it does not see the member make: the
    // retry is the member's, so it runs the challenge (decision 0049).
    await addVisa(page, storeUrl, '4000002760003184');
    await page.goto(storeUrl('aozora', '/mypage/plans'));
    await held.getByRole('link', { name: '契約内容を見る' }).click();
    await page.getByRole('link', { name: '支払い方法を変更する' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '支払い方法の変更' })).toBeVisible();
    await waitForHydration(page);
    await page.getByRole('radio', { name: /Visa \*\*\*\* 3184/ }).check();
    await mainButton(page, '変更する').click();
    await expect(page.getByRole('heading', { level: 1, name: '支払い方法変更完了' })).toBeVisible();
    await page.getByRole('link', { name: '契約内容へ戻る' }).click();
    await waitForHydration(page);
    await mainButton(page, '再決済する').click();
    await expect(page.getByRole('heading', { name: '3Dセキュア認証' })).toBeVisible();
    await page.getByLabel('ワンタイムパスワード').fill('1234');
    await page.getByRole('button', { name: '認証する' }).click();
    await expect(page).toHaveURL(/\/mypage\/subscription\/[^/?]+$/);
    await expect(page.getByText('契約中', { exact: true })).toBeVisible();

    // The charge is in the history.
    await page.goto(storeUrl('aozora', '/mypage/payment-history'));
    await expect(page.getByRole('main')).toContainText('¥990（税込）');
  });
});

test('aozora in English on a phone: a trial on a good card becomes paid at the billing run; a year of renewals pages through the history', async ({
  page,
  axe,
}) => {
  test.skip(test.info().project.name !== 'mobile', 'the desktop walks the declined card above');
  test.setTimeout(180_000);
  const clean = (what: string, found: AxeViolation[]) => expect.soft(found, `${what}: serious or critical axe violations`).toEqual([]);
  await withBillingServer(page, 'renewals', 'postgres', async ({ storeUrl, runBilling }) => {
    const { methodId } = await aozoraMemberWithCard(page, storeUrl);
    await buyWithCalls(page, 'standard-monthly', { paymentMethodId: methodId });
    const day = await settlementDay(page);

    await page.goto(storeUrl('aozora', '/mypage/plans?lang=en'));
    const card = page.getByRole('article', { name: 'Standard Monthly' });
    await expect(card).toContainText('Free trial');

    // The run at 01:00 JST of the trial's first payment day: charged, the trial is paid.
    expect(await runBilling(`${day}T01:00:00+09:00`)).toMatch(/^renewed 1, failed 0/);
    await page.reload();
    await expect(card).toContainText('Active');
    await expect(card).not.toContainText('Free trial');
    await expect(card).toContainText(`Next billing date: ${slashed(addMonths(day, 1))}`);
    await waitForHydration(page);
    await clean('/mypage/plans (paid)', await axe(page));

    // Eleven months later, one run renews each month it missed: twelve charges, two pages of ten.
    expect(await runBilling(`${addMonths(day, 11)}T01:00:00+09:00`)).toMatch(/^renewed 11, failed 0/);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/zapi/account/payment-history/')) asked.push(new URL(r.url()).pathname);
    });
    await page.goto(storeUrl('aozora', '/mypage/payment-history'));
    const main = page.getByRole('main');
    const receipts = main.getByRole('link', { name: 'Receipt' });
    await expect(receipts).toHaveCount(10);
    await expect(main).toContainText(slashed(addMonths(day, 11)));
    await waitForHydration(page);
    await clean('/mypage/payment-history', await axe(page));

    // Page 2: the two oldest charges, the first of them the trial's end; asked for once.
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await expect(receipts).toHaveCount(2);
    await expect(main).toContainText(slashed(day));
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    // Back to page 1 and to page 2 again: both kept, nothing asked.
    await pager.getByRole('button', { name: 'Page 1' }).click();
    await expect(receipts).toHaveCount(10);
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await expect(receipts).toHaveCount(2);
    expect(asked).toEqual(['/zapi/account/payment-history/2']);

    // An entry of page 2 opens its invoice; back from it, page 2 is still shown, not asked again.
    await receipts.first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment history' })).toBeVisible();
    await expect(receipts).toHaveCount(2);
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(asked).toEqual(['/zapi/account/payment-history/2']);
  });
});
