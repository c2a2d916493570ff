import { describe, expect, it } from 'vitest';
import { type Plan, plan } from '#config-schema/plans.ts';
import { timeLeftParts } from './time-left.ts';
import { REF_ID_PATTERN, watchList } from './watch-list.ts';

const now = new Date('2026-11-27T03:00:00Z');
const p = (input: Record<string, unknown>): Plan =>
  plan.parse({ planName: { ja: input.planId, en: `${input.planId} (en)` }, price: 100, ...input });
const plans = [
  p({ planId: 'monthly', planType: 'subscription', contentRefIds: ['ep1', 'ep2'] }),
  p({ planId: 'rent', planType: 'rental', contentRefIds: ['film'] }),
  p({ planId: 'own', planType: 'purchase', contentRefIds: ['film'] }),
  p({ planId: 'nothing', planType: 'purchase' }),
];
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('watchList', () => {
  it('lists purchases, then rentals, then subscriptions, each with its titles', () => {
    const list = watchList(
      [
        { planId: 'monthly', expiresAt: null },
        { planId: 'rent', expiresAt: at(90) },
        { planId: 'own', expiresAt: null },
      ],
      plans,
      'ja',
      now,
    );
    expect(list.map((e) => [e.planId, e.planType, e.titles])).toEqual([
      ['own', 'purchase', ['film']],
      ['rent', 'rental', ['film']],
      ['monthly', 'subscription', ['ep1', 'ep2']],
    ]);
    expect(list[1]).toMatchObject({ expiresAt: at(90).toISOString(), minutesLeft: 90 });
    expect(list[0]).toMatchObject({ expiresAt: null, minutesLeft: null });
  });

  it('names plans in the viewer language', () => {
    expect(watchList([{ planId: 'own', expiresAt: null }], plans, 'en', now)[0]?.planName).toBe('own (en)');
  });

  it('merges grants of one plan: no end beats any end, else the latest end wins', () => {
    expect(
      watchList(
        [
          { planId: 'rent', expiresAt: at(10) },
          { planId: 'rent', expiresAt: at(30) },
        ],
        plans,
        'ja',
        now,
      ),
    ).toMatchObject([{ planId: 'rent', minutesLeft: 30 }]);
    expect(
      watchList(
        [
          { planId: 'rent', expiresAt: at(10) },
          { planId: 'rent', expiresAt: null },
        ],
        plans,
        'ja',
        now,
      ),
    ).toMatchObject([{ planId: 'rent', expiresAt: null, minutesLeft: null }]);
    expect(
      watchList(
        [
          { planId: 'rent', expiresAt: null },
          { planId: 'rent', expiresAt: at(10) },
        ],
        plans,
        'ja',
        now,
      ),
    ).toMatchObject([{ planId: 'rent', expiresAt: null }]);
  });

  it('rounds the time left up to whole minutes', () => {
    expect(watchList([{ planId: 'rent', expiresAt: new Date(now.getTime() + 61_000) }], plans, 'ja', now)[0]?.minutesLeft).toBe(2);
  });

  it('leaves out plans without titles and plans no longer in the settings', () => {
    expect(
      watchList(
        [
          { planId: 'nothing', expiresAt: null },
          { planId: 'gone', expiresAt: null },
        ],
        plans,
        'ja',
        now,
      ),
    ).toEqual([]);
  });

  it('hides an end more than 10 years away (spec: entitlement expiry hidden)', () => {
    const far = new Date('2040-01-01T00:00:00Z');
    expect(watchList([{ planId: 'rent', expiresAt: far }], plans, 'ja', now)[0]).toMatchObject({ expiresAt: null, minutesLeft: null });
  });
});

describe('timeLeftParts', () => {
  it('splits minutes into days, hours and minutes', () => {
    expect(timeLeftParts(2 * 1440 + 3 * 60 + 5)).toEqual({ days: 2, hours: 3, minutes: 5 });
    expect(timeLeftParts(59)).toEqual({ days: 0, hours: 0, minutes: 59 });
    expect(timeLeftParts(0)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(timeLeftParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
});

describe('REF_ID_PATTERN', () => {
  it('takes the refIds of the plans schema and nothing else', () => {
    for (const ok of ['blue-sky', 'crimson_blade-ep1', 'A'.repeat(64)]) expect(REF_ID_PATTERN.test(ok)).toBe(true);
    for (const bad of ['', 'a b', '../x', 'é', 'A'.repeat(65)]) expect(REF_ID_PATTERN.test(bad)).toBe(false);
  });
});
