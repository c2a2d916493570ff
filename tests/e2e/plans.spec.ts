/**
 * The plan page: the cards of the store's tenant file, and the sales states seeded by
 * seeds/plan-sales.json and the tenants' sales dates (spec 4, plan button states and stock).
 */
import { expect, type Locator, type Page, test, waitForHydration } from './fixtures.ts';
import { DEMO_STORE_IDS, loadTenant, textIn, visiblePlanNames } from './tenants.ts';

const LABELS = ['売り切れ', '残りわずか', '販売終了', '販売開始前'] as const;
type Label = (typeof LABELS)[number];

/**
 * What the seeds make of the demo plans. kurenai's early-access pass goes on sale on
 * 2030-04-01 (JST): from then on its before-sale expectation has to move to another plan.
 */
const EXPECTED: Record<string, Record<string, { labels: Label[]; disabled: boolean }>> = {
  aozora: {
    'standard-monthly': { labels: [], disabled: false },
    'remaster-4k-purchase': { labels: [], disabled: false }, // 120 of 1,000 sold: plenty
  },
  kurenai: {
    'premium-monthly': { labels: [], disabled: false },
    'movie-special-edition': { labels: ['売り切れ'], disabled: true }, // 100 of 100 sold
    'new-series-2030': { labels: ['販売開始前'], disabled: true }, // sale starts 2030-04-01
  },
  midori: {
    'documentary-rental': { labels: ['残りわずか'], disabled: false }, // 42 of 50 sold: 84 %
    'summer-2025-pack': { labels: ['販売終了'], disabled: true }, // sale ended 2025-08-31
  },
};

/** The card of one plan: the article named by its plan name (aria-labelledby its heading). */
function planCard(page: Page, planName: string): Locator {
  return page.getByRole('main').getByRole('article', { name: planName, exact: true });
}

/** The card's purchase action (a button, or a link while it can be followed). */
function planAction(card: Locator): Locator {
  return card.getByRole('button').or(card.getByRole('link')).last();
}

for (const storeId of DEMO_STORE_IDS) {
  const tenant = loadTenant(storeId);

  // One page load for both: the plans of the tenant file, and each plan's sales state on its card.
  test(`${storeId} /plans shows the plans of its tenant file, each with its sales state on its own card`, async ({ page, storeUrl }) => {
    await page.goto(storeUrl(storeId, '/plans'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const name of visiblePlanNames(tenant)) await expect(planCard(page, name)).toBeVisible();
    for (const hidden of tenant.plans.filter((p) => p.visible === false)) {
      await expect(page.getByText(textIn(hidden.planName, 'ja'))).toHaveCount(0);
    }
    for (const [planId, expected] of Object.entries(EXPECTED[storeId] ?? {})) {
      const plan = tenant.plans.find((p) => p.planId === planId);
      if (!plan) throw new Error(`${storeId} has no plan ${planId}`);
      const card = planCard(page, textIn(plan.planName, 'ja'));
      await expect(card).toBeVisible();
      for (const label of LABELS) {
        if (expected.labels.includes(label)) await expect(card, `${planId} shows ${label}`).toContainText(label);
        else await expect(card, `${planId} does not show ${label}`).not.toContainText(label);
      }
      const action = planAction(card);
      if (expected.disabled) await expect(action, `${planId} cannot be bought`).toBeDisabled();
      else await expect(action, `${planId} can be bought`).toBeEnabled();
    }
  });
}

test("a plan with a free trial offers the trial with its number of days; a guest's plan button leads to the login page, which comes back to the plan", async ({
  page,
  storeUrl,
}) => {
  await page.goto(storeUrl('aozora', '/plans'));
  const card = planCard(page, 'スタンダード月額プラン');
  await expect(planAction(card)).toContainText('31');
  await expect(planAction(card)).toBeEnabled();

  await waitForHydration(page);
  await planAction(card).click();
  await expect(page).toHaveURL(storeUrl('aozora', '/login?redirectTo=%2Fplans%2Fstandard-monthly'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // From the login page a newcomer can go on to sign up.
  await expect(
    page
      .getByRole('main')
      .getByRole('link', { name: /新規.*登録|会員登録/ })
      .first(),
  ).toBeVisible();
});
