/**
 * Issue 23, point 1 (decision 0038): a plan with live subscriptions cannot be removed from a
 * store's document, and a retired plan (`"onSale": false`) stops selling while its subscriptions
 * keep renewing. Through the store tool (`npm run store`) asking a running embedded server over
 * its admin door (decision 0029), as an operator would, and through the member's own calls.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreSettingsInput } from '#config-schema/store-settings.ts';
import { contracts } from '#server/db/schema.ts';
import { runStoreCli } from '../../scripts/store/run.ts';
import { serveStoreDoor } from '../helpers/admin-door.ts';
import { createHarness } from './app-harness.ts';
import { type Harness, movableClock } from './identity/support.ts';
import { createFakeGateway } from './purchase/fake-gateway.ts';
import { buy, KAEDE, kaedeDoc, memberWithCard } from './purchase/support.ts';

const fake = createFakeGateway();
const clock = movableClock(new Date('2026-11-25T03:00:00Z'));
const dataDir = mkdtempSync(join(tmpdir(), 'plan-retire-'));
let h: Harness;
let door: Awaited<ReturnType<typeof serveStoreDoor>>;

// The tool's environment: no DATABASE_URL, so it finds the running server in DATA_DIR.
const { DATABASE_URL: _dropped, ...inherited } = process.env;
async function tool(...args: string[]) {
  return toolIn({}, ...args);
}

/** The tool with more environment (a Japanese-speaking admin: LANG). */
async function toolIn(env: Record<string, string>, ...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runStoreCli(
    args,
    { out: (l) => (stdout += `${l}\n`), err: (l) => (stderr += `${l}\n`) },
    { ...inherited, DATA_DIR: dataDir, SEED_DEMO_STORES: 'false', LOG_LEVEL: 'silent', LC_ALL: '', LC_MESSAGES: '', ...env },
  );
  return { code, stdout, stderr };
}

let fileNo = 0;
function file(doc: unknown): string {
  const path = join(dataDir, `doc-${fileNo++}.json`);
  writeFileSync(path, JSON.stringify(doc));
  return path;
}

/** The document without the plan (and without it in the campaigns, which must name known plans). */
function without(doc: StoreSettingsInput, planId: string): StoreSettingsInput {
  return {
    ...doc,
    plans: (doc.plans ?? []).filter((p) => p.planId !== planId),
    campaigns: (doc.campaigns ?? [])
      .map((c) => ({ ...c, planIds: c.planIds.filter((id) => id !== planId) }))
      .filter((c) => c.planIds.length > 0),
  };
}

function retired(doc: StoreSettingsInput, planId: string): StoreSettingsInput {
  return { ...doc, plans: (doc.plans ?? []).map((p) => (p.planId === planId ? { ...p, onSale: false } : p)) };
}

const revision = async () => (await h.repo.get('kaede'))?.revision;

/** A kaede member subscribed to the monthly plan through the purchase calls. */
async function subscriber() {
  const m = await memberWithCard(h, KAEDE, 'kaede');
  const { purchase } = await buy(m.b, 'monthly', { paymentMethodId: m.methodId, surveyAnswers: [{ questionId: 'why', value: '映画' }] });
  expect(purchase?.status).toBe(200);
  const [c] = await h.database.admin.select().from(contracts).where(eq(contracts.accountId, m.accountId));
  if (!c) throw new Error('no contract');
  return { ...m, contractId: c.id };
}

beforeAll(async () => {
  h = await createHarness({}, clock.now, { gateway: fake.gateway });
  await h.apply(kaedeDoc());
  door = await serveStoreDoor(h.database, dataDir);
});
afterAll(async () => {
  await door?.close(0);
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('removing a plan from the document', () => {
  it('is refused, dry run or not, while the plan has live subscriptions; nothing changes', async () => {
    await subscriber();
    await subscriber();
    const before = await revision();
    const doc = file(without(kaedeDoc(), 'monthly'));

    const dry = await tool('apply', doc, '--dry-run');
    expect(dry.code).toBe(1);
    expect(dry.stdout).toContain('refused');
    expect(dry.stdout).toMatch(/^\$\.plans: plan monthly is gone but has 2 live subscriptions; .*"onSale": false/m);

    const applied = await tool('apply', doc);
    expect(applied.code).toBe(1);
    expect(applied.stdout).toMatch(/^\$\.plans: plan monthly is gone but has 2 live subscriptions; /m);
    expect(applied.stdout).toContain('nothing changed');
    expect(await revision()).toBe(before);
    expect((await h.repo.get('kaede'))?.settings.plans.some((p) => p.planId === 'monthly')).toBe(true);

    // validate sees the running server, so it says the same.
    const validated = await tool('validate', doc);
    expect(validated.code).toBe(1);
    expect(validated.stdout).toMatch(/^\$\.plans: plan monthly is gone but has 2 live subscriptions; /m);
    // A Japanese-speaking admin reads the same refusal in Japanese.
    const ja = await toolIn({ LANG: 'ja_JP.UTF-8' }, 'apply', doc, '--dry-run');
    expect(ja.code).toBe(1);
    expect(ja.stdout).toMatch(/^\$\.plans: プラン monthly が削除されていますが、継続中の契約が 2 件あります。/m);
  });

  it('is accepted for a plan nobody subscribes to', async () => {
    const doc = without(kaedeDoc(), 'last3');
    const applied = await tool('apply', file(doc));
    expect(applied.code).toBe(0);
    // One line for the plan removed (issue 23, point 2), not every later plan shifted by one.
    expect(applied.stdout).toMatch(
      /^updated store kaede \(revision \d+\): 1 change\n {2}\$\.plans\[planId=last3\]: \{[^\n]* -> \(none\)\n$/,
    );
    expect((await h.repo.get('kaede'))?.settings.plans.some((p) => p.planId === 'last3')).toBe(false);
    // Back as it was, for the next test.
    expect((await tool('apply', file(kaedeDoc()))).code).toBe(0);
  });
});

describe('a retired plan ("onSale": false)', () => {
  it('is no longer listed nor sold, and its subscriptions keep renewing and show in My Page', async () => {
    const m = await subscriber();
    const doc = retired(kaedeDoc(), 'monthly');

    const dry = await tool('apply', file(doc), '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('  $.plans[planId=monthly].onSale: true -> false\n');
    expect(dry.stdout).toContain('  plan monthly stops selling (no longer listed nor sold); its 3 live subscriptions keep renewing\n');
    expect((await toolIn({ LANG: 'ja_JP.UTF-8' }, 'apply', file(doc), '--dry-run')).stdout).toContain(
      '  プラン monthly の販売を停止します（一覧にも出さず販売もしません）。継続中の契約 3 件は更新が続きます\n',
    );
    expect((await tool('apply', file(doc))).code).toBe(0);
    h.storeCache.invalidate('kaede');

    // Not on the plan list, the home page, nor the sign-up's plan choice.
    const ids = (cards: { planId: string }[]) => cards.map((p) => p.planId);
    expect(ids((await m.b.screen('/plans')).body.plans)).not.toContain('monthly');
    expect(ids((await m.b.screen('/')).body.plans)).not.toContain('monthly');
    // Its purchase form and purchase calls refuse it as a plan that cannot be bought.
    const other = await memberWithCard(h, KAEDE, 'kaede');
    expect((await other.b.screen('/plans/monthly')).body.code).toBe('PLAN_NOT_PURCHASABLE');
    const { verify } = await buy(other.b, 'monthly', {
      paymentMethodId: other.methodId,
      surveyAnswers: [{ questionId: 'why', value: 'x' }],
    });
    expect(verify).toMatchObject({ status: 409, body: { code: 'PLAN_NOT_PURCHASABLE' } });
    // Other plans still sell.
    expect(ids((await other.b.screen('/plans')).body.plans)).toContain('trial');

    // The billing run renews the subscription on its day (2026-12-25 JST) instead of ending it.
    await h.services.billing.runBilling({ at: new Date('2026-12-25T01:00:00Z') });
    const [c] = await h.database.admin.select().from(contracts).where(eq(contracts.id, m.contractId));
    expect(c).toMatchObject({ status: 'ONGOING_CONTRACT', periodNo: 1, nextSettlementDay: '2027-01-25', endedReason: null });
    const page = await m.b.screen('/mypage/plans');
    expect(page.body.contracted.map((s: { subscriptionId: string }) => s.subscriptionId)).toEqual([m.contractId]);
    expect(page.body.contracted[0]).toMatchObject({ planName: '月額', subscriptionStatus: 'ONGOING_CONTRACT' });

    // Retired or not, it still cannot be removed while subscriptions run.
    const drop = await tool('apply', file(without(kaedeDoc(), 'monthly')));
    expect(drop.code).toBe(1);
    expect(drop.stdout).toMatch(/plan monthly is gone but has \d+ live subscriptions?; /);
  });
});
