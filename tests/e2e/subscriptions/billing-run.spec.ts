/**
 * A subscription's later life (issue 10): a billing run at a later time, in Chromium. The run is
 * the billing CLI (`npm run billing -- run --at ...`) against the server's database, so this spec
 * starts its own server on a fresh PostgreSQL database (the shared e2e server keeps PGlite inside
 * its process, which no second process may open). A trial paid by a declining card goes on hold at
 * the run; the member changes the subscription's card and retries; the trial is now paid.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createEmptyPostgresDatabase } from '../../helpers/test-db.ts';
import { expect, test, waitForHydration } from '../fixtures.ts';
import { mainButton } from '../identity/support.ts';
import { callInPage } from '../mypage/member-support.ts';
import { E2E_PAYMENT_SECRET, ROOT, type RunningServer, startBuiltServer, stopProcess } from '../server-process.ts';
import { addVisa, aozoraMemberWithCard, buyWithCalls } from './support.ts';

const POSTGRES = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

test('aozora: a trial on a declining card goes on hold at the billing run; a new card and a retry make it paid', async ({ page }) => {
  test.skip(test.info().project.name !== 'desktop', 'one server of its own per run is enough');
  test.setTimeout(180_000);
  let db: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  try {
    db = await createEmptyPostgresDatabase(POSTGRES);
  } catch (err) {
    test.skip(true, `no PostgreSQL at ${POSTGRES}: ${(err as Error).message}`);
    return;
  }
  let server: RunningServer | null = null;
  try {
    server = await startBuiltServer({ logFile: join(ROOT, 'tmp/e2e-billing-server.log'), logLevel: 'warn', env: { DATABASE_URL: db.url } });
    const port = server.port;
    const storeUrl = (storeId: string, path = '/') => `http://${storeId}.localhost:${port}${path}`;

    const { methodId } = await aozoraMemberWithCard(page, storeUrl, '4000000000000002');
    await buyWithCalls(page, 'standard-monthly', { paymentMethodId: methodId });
    const plans = JSON.parse((await callInPage(page, '/zapi/internal/mypage/plans/screen-data', undefined, 'GET')).body);
    const settlementDay: string = plans.contracted[0].nextSettlementDay;

    // The run, at 01:00 JST of the settlement day: the card is declined, the trial goes on hold.
    const sandbox = `http://127.0.0.1:${server.paymentPort}`;
    const run = await promisify(execFile)('npm', ['run', '--silent', 'billing', '--', 'run', '--at', `${settlementDay}T01:00:00+09:00`], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        PAYMENT_PROVIDER_URL: sandbox,
        PAYMENT_PROVIDER_PUBLIC_URL: sandbox,
        PAYMENT_SANDBOX_SECRET: E2E_PAYMENT_SECRET,
        PAYMENT_SANDBOX: 'false',
        LOG_LEVEL: 'silent',
      },
    });
    expect(run.stdout).toMatch(/declined|failed|held/i);

    await page.goto(storeUrl('aozora', '/mypage/plans'));
    const held = page.getByRole('article').filter({ hasText: '更新保留中' });
    await expect(held).toBeVisible();

    // A card that pays, made the subscription's, then the retry from the detail page.
    await addVisa(page, storeUrl, '4111111111111111');
    await page.goto(storeUrl('aozora', '/mypage/plans'));
    await held.getByRole('link', { name: '契約内容を見る' }).click();
    await page.getByRole('link', { name: '支払い方法を変更する' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '支払い方法の変更' })).toBeVisible();
    await waitForHydration(page);
    await page.getByRole('radio', { name: /Visa \*\*\*\* 1111/ }).check();
    await mainButton(page, '変更する').click();
    await expect(page.getByRole('heading', { level: 1, name: '支払い方法変更完了' })).toBeVisible();
    await page.getByRole('link', { name: '契約内容へ戻る' }).click();
    await waitForHydration(page);
    await mainButton(page, '再決済する').click();
    await expect(page.getByText('契約中', { exact: true })).toBeVisible();

    // The charge is in the history.
    await page.goto(storeUrl('aozora', '/mypage/payment-history'));
    await expect(page.getByRole('main')).toContainText('¥990（税込）');
  } finally {
    if (server) await stopProcess(server.child);
    await db.drop();
  }
});
