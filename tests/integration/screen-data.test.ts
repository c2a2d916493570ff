import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreSettingsInput } from '#config-schema/store-settings.ts';
import type { PlansScreen } from '#domain/screens.ts';
import { tenantDoc } from '../helpers/tenant-factory.ts';
import { createHarness } from './app-harness.ts';

const NOW = new Date('2026-06-01T12:00:00+09:00');
let h: Awaited<ReturnType<typeof createHarness>>;
const HOST = 'shop.test.localhost';

type PlanInput = NonNullable<StoreSettingsInput['plans']>[number];
const plan = (planId: string, extra: Partial<PlanInput> = {}): PlanInput => ({
  planId,
  planType: 'subscription',
  planName: { ja: `プラン${planId}`, en: `Plan ${planId}` },
  price: 990,
  ...extra,
});

beforeAll(async () => {
  h = await createHarness({}, () => NOW);
  await h.apply(
    tenantDoc('shop', {
      hosts: [HOST],
      plans: [
        plan('monthly', { planDescription: { ja: '<b>見放題</b>\n毎月', en: 'All you can watch' } }),
        plan('trial', { freeTrialDays: 14 }),
        plan('yearly', { renewSpan: 12, renewSpanUnit: 'month', price: 9800 }),
        plan('ended', { salesEndDate: '2026-05-31T23:59:59+09:00' }),
        plan('soon', { salesStartDate: '2030-01-01T00:00:00+09:00' }),
        plan('few', { planType: 'purchase', salesLimit: 10 }),
        plan('gone', { planType: 'rental', salesLimit: 5 }),
        plan('hidden', { visible: false }),
      ],
      campaigns: [
        {
          code: 'SUMMER',
          name: { ja: '夏', en: 'Summer' },
          planIds: ['monthly'],
          campaignType: 'discount',
          price: 500,
          startDate: '2026-05-01T00:00:00+09:00',
          endDate: '2026-07-01T00:00:00+09:00',
        },
      ],
    }),
  );
  await h.repo.setSalesCount('shop', 'few', 8);
  await h.repo.setSalesCount('shop', 'gone', 5);
});
afterAll(() => h.close());

const plans = async (headers: Record<string, string> = {}) => {
  const res = await h.get('/zapi/internal/plans/screen-data', HOST, headers);
  expect(res.status).toBe(200);
  const body = (await res.json()) as PlansScreen;
  return Object.fromEntries(body.plans.map((p) => [p.planId, p]));
};

describe('plan list screen data', () => {
  it('lists visible plans with their button state and stock computed on the server', async () => {
    const p = await plans();
    expect(Object.keys(p)).toEqual(['monthly', 'trial', 'yearly', 'ended', 'soon', 'few', 'gone']);
    expect(p.monthly?.button).toMatchObject({ kind: 'contract', disabled: false });
    expect(p.trial?.button).toMatchObject({ kind: 'trial', disabled: false, trialDays: 14 });
    expect(p.ended?.button).toMatchObject({ kind: 'afterSale', disabled: true });
    expect(p.soon?.button).toMatchObject({ kind: 'beforeSale', disabled: true });
    expect(p.gone?.button).toMatchObject({ kind: 'soldOut', disabled: true });
    expect(p.few?.stock).toBe('fewLeft');
    expect(p.gone?.stock).toBe('soldOut');
    expect(p.monthly?.stock).toBeNull();
  });

  it('gives price and renewal descriptors, stripped descriptions and campaigns', async () => {
    const p = await plans();
    expect(p.yearly?.priceSuffix.kind).toBe('perYear');
    expect(p.yearly?.renewal?.kind).toBe('annual');
    expect(p.few?.priceSuffix.kind).toBe('oneTime');
    expect(p.few?.renewal).toBeNull();
    expect(p.monthly?.planDescription).toBe('見放題 毎月');
    expect(p.monthly?.hasAvailableCampaign).toBe(true);
    expect(p.trial?.hasAvailableCampaign).toBe(false);
  });

  it('speaks the viewer language', async () => {
    expect((await plans({ 'accept-language': 'en' })).monthly?.planName).toBe('Plan monthly');
    expect((await plans()).monthly?.planName).toBe('プランmonthly');
  });

  it('redirects the app to the top, since the app hides plans', async () => {
    const res = await h.get('/zapi/internal/plans/screen-data', HOST, { 'user-agent': 'Mozilla/5.0 StoreApp/1.0' });
    expect(await res.json()).toEqual({ redirectTo: '/' });
  });

  it('sends a guest from a plan button to log in and back; an unknown or hidden plan is a 404', async () => {
    const res = await h.get('/zapi/internal/plans/monthly/screen-data', HOST);
    expect(await res.json()).toEqual({ redirectTo: '/login?redirectTo=%2Fplans%2Fmonthly' });
    for (const planId of ['hidden', 'no-such-plan']) {
      const missing = await h.get(`/zapi/internal/plans/${planId}/screen-data`, HOST);
      expect(missing.status, planId).toBe(404);
      expect(((await missing.json()) as { code: string }).code).toBe('NOT_FOUND');
    }
    const app = await h.get('/zapi/internal/plans/monthly/screen-data', HOST, { 'user-agent': 'Mozilla/5.0 StoreApp/1.0' });
    expect(await app.json()).toEqual({ redirectTo: '/' });
  });

  it('serves the home screen data at /zapi/internal/screen-data', async () => {
    const res = await h.get('/zapi/internal/screen-data', HOST);
    const body = (await res.json()) as { plans: unknown[]; hasPlans: boolean };
    expect(body.hasPlans).toBe(true);
    expect(body.plans).toHaveLength(3);
  });

  it('keeps the query string for the loader', async () => {
    const res = await h.get('/zapi/internal/oidc/error/screen-data?status=503', HOST);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
  });
});

describe('error answers', () => {
  it('answers an unknown page route with the error object', async () => {
    const res = await h.get('/zapi/internal/no/such/page/screen-data', HOST);
    expect(res.status).toBe(404);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['code', 'message', 'requestId', 'status']);
    expect(body).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'ページが見つかりません。' });
    expect(body.requestId).toBe(res.headers.get('x-request-id'));
  });

  it('translates the message and keeps the code', async () => {
    const res = await h.get('/zapi/internal/no-such/screen-data?lang=en', HOST);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Page not found.' });
  });

  it('maps /oidc/error statuses to their codes, 500 by default and for nonsense', async () => {
    const code = async (q: string) =>
      (await (await h.get(`/zapi/internal/oidc/error/screen-data${q}`, HOST)).json()) as { code: string; status: number };
    expect(await code('')).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
    expect(await code('?status=abc')).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
    expect(await code('?status=401')).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(await code('?status=451')).toMatchObject({ status: 451, code: 'REGION_UNAVAILABLE' });
    expect(await code('?status=504')).toMatchObject({ status: 504, code: 'GATEWAY_TIMEOUT' });
  });

  it('answers an unknown API path with NOT_FOUND', async () => {
    const res = await h.app.request('/zapi/nothing', {
      method: 'POST',
      headers: { host: HOST, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('keeps the details of an unexpected error away from the client and logs them with the request id', async () => {
    const broken = await createHarness();
    await broken.apply(tenantDoc('crash', { hosts: ['crash.test.localhost'] }));
    await broken.database.close(); // every query now fails
    const res = await broken.get('/zapi/internal/plans/screen-data', 'crash.test.localhost', { 'x-request-id': 'req-crash-0001' });
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toMatchObject({ status: 500, code: 'INTERNAL_ERROR', requestId: 'req-crash-0001' });
    expect(JSON.stringify(body)).not.toMatch(/closed|stack|pglite|postgres/i);
    expect(broken.logLines.some((l) => l.includes('"requestId":"req-crash-0001"') && l.includes('unhandled error'))).toBe(true);
    await broken.close().catch(() => {});
  });
});
