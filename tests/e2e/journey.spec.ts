/**
 * The paying viewer's journey (issue 20, "Done when"), once per demo store, from a plan on the
 * home page to watching it, with no seam between the screens:
 *   a guest picks a plan on the home page -> /login -> 新規登録 -> the whole sign-up (the code from
 *   the outbox) -> back on that plan -> pays (a new card typed into the purchase form, or a carrier)
 *   -> reads every legally required item of the final confirmation (decision 0045) -> buys (the
 *   provider's 3-D Secure challenge or carrier page) -> the order confirmation mail -> My Page's
 *   視聴できる作品 -> the player plays the test video -> the provider's return, loaded again,
 *   shows the order's page, not JSON.
 * aozora in Japanese at 1280 px (a rental, a new card that asks for 3-D Secure), kurenai in English
 * at 390 px (a subscription with a free trial, a new card), midori in Japanese at 390 px (a
 * subscription with a campaign price, its docomo agreement registered on the carrier's page). The rules of each screen have their own specs; this one
 * walks them in a row and asserts only what the journey needs.
 *
 * Nothing here depends on the demo documents beyond choosing a plan: the plan is one of those the
 * home page links (its id read from the link), chosen by kind among those that grant titles; the
 * sign-up is driven by the store's settings (config-matrix/signup-walk.ts); the confirmation's
 * items are read by their labels, whatever the amounts and days.
 */
import type { Page } from '@playwright/test';
import { storeSettings } from '#config-schema/store-settings.ts';
import { expectedControls, passwordFor, TEXTS, walkToDetailsForm } from './config-matrix/signup-walk.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { expectSignedInHeader, field, mainButton, uniqueEmail } from './identity/support.ts';
import { callInPage, demoDocument, newestCode, onStoreOrigin } from './mypage/member-support.ts';
import { escapeRegExp } from './tenants.ts';

type Lang = 'ja' | 'en';
/**
 * How the journey pays: a new card typed into the purchase form (`challenge`: the sandbox card asks
 * for 3-D Secure, so the provider's challenge page and return come in between), or a carrier's
 * page. A card charge that needs no challenge, or a free trial (nothing charged today), never
 * leaves the store: there is no provider return to load again.
 */
type Pay = { card: string; challenge: boolean } | { carrier: { ja: string; en: string } };
type Journey = { storeId: string; project: 'desktop' | 'mobile'; lang: Lang; kind: 'subscription' | 'rental' | 'purchase'; pay: Pay };

const JOURNEYS: Journey[] = [
  // The sandbox's JCB card whose charges ask for a 3-D Secure challenge (payment-sandbox/README.md).
  { storeId: 'aozora', project: 'desktop', lang: 'ja', kind: 'rental', pay: { card: '3566002020360505', challenge: true } },
  // The only plan with titles on kurenai's home page starts with a free trial: nothing is charged today.
  { storeId: 'kurenai', project: 'mobile', lang: 'en', kind: 'subscription', pay: { card: '5555555555554444', challenge: false } },
  // A subscription paid by a carrier: its agreement is registered on the provider's page (decision 0048).
  { storeId: 'midori', project: 'mobile', lang: 'ja', kind: 'subscription', pay: { carrier: { ja: 'ドコモ払い', en: 'docomo Payment' } } },
];

/** The screen texts the journey reads (locales/en.po), in the product's two languages. */
const T = {
  ja: {
    signUp: '新規登録',
    purchaseTitle: '購入手続き',
    card: 'クレジットカード',
    cardNumber: 'カード番号',
    month: '有効期限（月）',
    year: '有効期限（年）',
    cvc: 'セキュリティコード',
    toConfirm: '確認画面へ進む',
    confirmTitle: 'ご購入内容の確認',
    terms: 'お申し込みの前にご確認ください',
    subscribe: '申し込みを確定する',
    order: '注文を確定する',
    complete: 'お手続き完了',
    mailSubscription: 'お申し込みを受け付けました',
    mailOrder: 'ご注文を受け付けました',
    watchList: '視聴できる作品',
    watchTitle: '動画を見る',
    play: '再生',
    pause: '一時停止',
    cancelLink: 'マイページで解約する',
    renewsUntilCancelled: '解約のお手続きをされるまで自動で更新されます',
    rows: {
      charges: 'お支払い金額と時期（税込）',
      today: '本日のお支払い',
      cycle: '更新周期',
      period: '契約期間',
      next: '次回のお支払い',
      cancel: '解約の方法と期限',
      delivery: '視聴開始',
      viewing: '視聴期間',
      returns: 'キャンセル・返品',
    },
  },
  en: {
    signUp: 'Sign up',
    purchaseTitle: 'Purchase',
    card: 'Credit card',
    cardNumber: 'Card number',
    month: 'Expiry month',
    year: 'Expiry year',
    cvc: 'Security code',
    toConfirm: 'Continue to confirmation',
    confirmTitle: 'Confirm your order',
    terms: 'Please read before you confirm',
    subscribe: 'Confirm subscription',
    order: 'Place order',
    complete: 'Order complete',
    mailSubscription: 'Your subscription has been received',
    mailOrder: 'Your order has been received',
    watchList: 'What you can watch',
    watchTitle: 'Watch',
    play: 'Play',
    pause: 'Pause',
    cancelLink: 'Cancel in My Page',
    renewsUntilCancelled: 'renews automatically until you cancel',
    rows: {
      charges: 'Amounts and when they are charged (tax included)',
      today: 'Charged today',
      cycle: 'Renewal cycle',
      period: 'Contract period',
      next: 'Next payment',
      cancel: 'How and until when to cancel',
      delivery: 'When you can watch',
      viewing: 'Viewing period',
      returns: 'Cancellation and returns',
    },
  },
} as const;

const DAY = /\d{4}\/\d{2}\/\d{2}/;
const YEN = /¥[\d,]+/;

/** The text of the <dd> that follows the <dt> named `label` in `scope`. */
async function termText(page: Page, label: string): Promise<string> {
  const dt = page.getByRole('main').locator('dl dt', { hasText: label }).first();
  await expect(dt, `the confirmation's row "${label}"`).toBeVisible();
  return (await dt.locator('xpath=following-sibling::dd[1]').innerText()).trim();
}

for (const j of JOURNEYS) {
  test(`${j.storeId} (${j.project}, ${j.lang}): a guest picks a ${j.kind} on the home page, signs up from the login page, buys it and watches it`, async ({
    page,
    context,
    storeUrl,
  }, testInfo) => {
    test.skip(testInfo.project.name !== j.project, 'each journey runs at one width');
    test.setTimeout(240_000);
    const t = T[j.lang];
    const settings = storeSettings.parse(demoDocument(j.storeId));
    const url = (path: string) => storeUrl(j.storeId, path);

    // 1. The home page, in the journey's language: a plan of the wanted kind that grants titles,
    //    among those the page links.
    await page.goto(url(`/?lang=${j.lang}`));
    await waitForHydration(page);
    const hrefs = await page
      .getByRole('main')
      .locator('a[href^="/plans/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    const linked = hrefs.map((h) => decodeURIComponent(h.replace(/^\/plans\//, '').replace(/[?#].*$/, '')));
    const plan = settings.plans.find((p) => linked.includes(p.planId) && p.planType === j.kind && p.contentRefIds.length > 0);
    if (!plan) throw new Error(`${j.storeId}'s home page links no ${j.kind} plan with titles (it links ${linked.join(', ')})`);
    await page
      .getByRole('main')
      .locator(`a[href="/plans/${encodeURIComponent(plan.planId)}"]`)
      .click();

    // 2. A guest is sent to log in; 新規登録 there keeps the plan through the whole sign-up.
    const back = `redirectTo=${encodeURIComponent(`/plans/${plan.planId}`)}`;
    await expect(page).toHaveURL(new RegExp(`/login\\?${escapeRegExp(back)}$`));
    await waitForHydration(page);
    await page.getByRole('main').getByRole('link', { name: t.signUp, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/signup(/auth|/email)?\\?${escapeRegExp(back)}$`));
    // The outbox's data read from a second tab on the store's origin (no page to render each time).
    const mailbox = await context.newPage();
    await onStoreOrigin(mailbox, storeUrl, j.storeId);
    const email = uniqueEmail(`journey-${j.storeId}`);
    const outbox = { code: (to: string) => newestCode(mailbox, to) };
    await walkToDetailsForm(page, outbox, storeUrl, { storeId: j.storeId, settings }, email, j.lang, { onPage: true });
    const form = page.getByRole('main').locator('form');
    for (const c of expectedControls(settings, j.lang)) if (c.usage === 'REQUIRED') await c.fill(form);
    if (settings.features.password) {
      const password = passwordFor();
      await field(form, 'textbox', TEXTS[j.lang].password).fill(password);
      await field(form, 'textbox', TEXTS[j.lang].passwordAgain).fill(password);
    }
    await mainButton(page, TEXTS[j.lang].submit).click();

    // 3. Back on the plan, signed in; pay with a new card typed into the form, or a carrier.
    await expect(page).toHaveURL(url(`/plans/${plan.planId}`));
    await expect(page.getByRole('heading', { level: 1, name: t.purchaseTitle })).toBeVisible();
    await expectSignedInHeader(page, j.lang);
    await waitForHydration(page);
    if ('card' in j.pay) {
      await page.getByRole('radio', { name: t.card, exact: true }).check();
      await field(page, 'textbox', t.cardNumber).pressSequentially(j.pay.card);
      await field(page, 'combobox', t.month).selectOption('12');
      await field(page, 'combobox', t.year).selectOption(String(new Date().getFullYear() + 2));
      await field(page, 'textbox', t.cvc).fill('123');
    } else {
      await page.getByRole('radio', { name: j.pay.carrier[j.lang], exact: true }).check();
    }
    await mainButton(page, t.toConfirm).click();

    // 4. The final confirmation: every item the 特定商取引法 wants for this kind of plan.
    await expect(page).toHaveURL(new RegExp(`/plans/${plan.planId}/confirm\\?token=`));
    await expect(page.getByRole('heading', { level: 1, name: t.confirmTitle })).toBeVisible();
    await expect(page.getByRole('region', { name: t.terms })).toBeVisible();
    const r = t.rows;
    expect(await termText(page, r.charges)).toMatch(YEN);
    expect(await termText(page, r.delivery)).not.toBe('');
    if (plan.planType === 'subscription') {
      expect(await termText(page, r.charges)).toMatch(DAY);
      expect(await termText(page, r.today)).toMatch(YEN);
      expect(await termText(page, r.cycle)).not.toBe('');
      const period = await termText(page, r.period);
      if (plan.forceStopRenewDate) expect(period).toMatch(DAY);
      else expect(period).toContain(t.renewsUntilCancelled);
      const next = await termText(page, r.next);
      expect(next).toMatch(DAY);
      expect(next).toMatch(YEN);
      expect(await termText(page, r.cancel)).toMatch(DAY);
      await expect(page.getByRole('main').getByRole('link', { name: t.cancelLink })).toHaveAttribute('href', '/mypage/plans');
    } else {
      expect(await termText(page, r.returns)).not.toBe('');
      if (plan.planType === 'rental') expect(await termText(page, r.viewing)).toMatch(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/);
    }
    await waitForHydration(page);

    // 5. Buy: the provider's page (3-D Secure, or the carrier's approval) and its return.
    const returns: string[] = [];
    page.on('request', (req) => {
      if (req.isNavigationRequest() && new URL(req.url()).pathname === '/zapi/purchase/return') returns.push(req.url());
    });
    await mainButton(page, plan.planType === 'subscription' ? t.subscribe : t.order).click();
    if ('card' in j.pay && j.pay.challenge) {
      await page.getByLabel(/ワンタイムパスワード|One-time password/).fill('1234');
      await page.getByRole('button', { name: /認証する|Authenticate/ }).click();
    } else if ('carrier' in j.pay) {
      await page.getByRole('button', { name: /承認する|Approve/ }).click();
    }
    await expect(page).toHaveURL(new RegExp(`/plans/${plan.planId}/complete\\?orderId=`));
    await expect(page.getByRole('heading', { level: 1, name: t.complete })).toBeVisible();
    const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
    const throughProvider = !('card' in j.pay) || j.pay.challenge;
    expect(returns, 'the provider sent the browser back through the purchase return').toHaveLength(throughProvider ? 1 : 0);

    // 6. The order confirmation mail, in the member's language, names the order.
    const subject = plan.planType === 'subscription' ? t.mailSubscription : t.mailOrder;
    await expect(async () => {
      const res = await callInPage(mailbox, '/zapi/internal/dev/outbox/screen-data');
      const mails = (JSON.parse(res.body) as { mails: { to: string; subject: string; text: string }[] }).mails;
      const mail = mails.find((m) => m.to.includes(email) && m.text.includes(orderId));
      expect(mail?.subject, `an order mail to ${email} naming ${orderId}`).toContain(subject);
    }, 'the order confirmation mail in the outbox').toPass({ timeout: 20_000 });
    await mailbox.close();

    // 7. My Page lists the plan's titles; the first plays.
    await page.goto(url('/mypage'));
    const entry = page.getByRole('region', { name: t.watchList }).locator(`[data-plan="${plan.planId}"]`);
    const title = plan.contentRefIds[0] as string;
    // The link reads "▶ <title>".
    const titleLink = entry.getByRole('link', { name: new RegExp(`(^|\\s)${escapeRegExp(title)}$`) });
    await expect(titleLink).toBeVisible();
    await waitForHydration(page);
    await titleLink.click();
    await expect(page).toHaveURL(url(`/mypage/watch/${title}`));
    await expect(page.getByRole('heading', { level: 1, name: t.watchTitle })).toBeVisible();
    const video = page.locator('video');
    await expect(video).toBeVisible();
    await waitForHydration(page);
    await page.getByRole('button', { name: t.play }).click();
    await expect(page.getByRole('button', { name: t.pause })).toBeVisible();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(1);
    expect(await video.evaluate((v: HTMLVideoElement) => v.error?.code ?? null)).toBeNull();

    // 8. The provider's return loaded again (a reload, the back button): the order's page, not JSON.
    if (!throughProvider) return;
    const again = await page.goto(returns[0] as string);
    await expect(page).toHaveURL(url(`/plans/${plan.planId}/complete?orderId=${orderId}`));
    await expect(page.getByRole('heading', { level: 1, name: t.complete })).toBeVisible();
    expect(again?.headers()['content-type'] ?? '').toContain('text/html');
  });
}
