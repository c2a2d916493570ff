import { describe, expect, it } from 'vitest';
import {
  blocksWithdrawal,
  lastUndoDay,
  type SubscriptionFacts,
  type SubscriptionGroup,
  settlementDayReached,
  showCancelInWithdrawMode,
  subscriptionGroups,
  subscriptionView,
  usesPaymentMethod,
} from './subscription-view.ts';

const facts = (over: Partial<SubscriptionFacts> = {}): SubscriptionFacts => ({
  group: 'contract',
  nextSettlementDay: '2026-12-10',
  usableUntil: null,
  trialEndsOn: null,
  hasPaymentMethod: true,
  ...over,
});

describe('settlementDayReached', () => {
  it('is false the day before, true on the day and after', () => {
    expect(settlementDayReached('2026-12-10', '2026-12-09')).toBe(false);
    expect(settlementDayReached('2026-12-10', '2026-12-10')).toBe(true);
    expect(settlementDayReached('2026-12-10', '2027-01-01')).toBe(true);
  });
});

describe('subscriptionView', () => {
  it('a running contract before its day: next settlement date, method shown, change and cancel allowed, no undo', () => {
    const v = subscriptionView(facts(), '2026-12-09');
    expect(v).toMatchObject({ renewing: false, dateKind: 'nextSettlement', date: '2026-12-10', showPaymentMethod: true });
    expect(v.changePaymentMethod).toEqual({ allowed: true });
    expect(v.cancel).toEqual({ allowed: true });
    expect(v.undo).toEqual({ allowed: false, reason: 'notApplicable' });
  });

  it.each(['trial', 'contract'] as const)('%s on the settlement day is renewing: change and cancel refused', (group) => {
    const v = subscriptionView(facts({ group, trialEndsOn: '2026-12-09' }), '2026-12-10');
    expect(v.renewing).toBe(true);
    expect(v.changePaymentMethod).toEqual({ allowed: false, reason: 'renewing' });
    expect(v.cancel).toEqual({ allowed: false, reason: 'renewing' });
  });

  it('the trial shows its end date; other groups none', () => {
    expect(subscriptionView(facts({ group: 'trial', trialEndsOn: '2026-12-09' }), '2026-12-01').trialEndsOn).toBe('2026-12-09');
    expect(subscriptionView(facts({ group: 'contract', trialEndsOn: '2026-12-09' }), '2026-12-01').trialEndsOn).toBeNull();
  });

  it('a cancel request shows the end of use, hides the method, offers undo until the day before', () => {
    const f = facts({ group: 'cancelRequest', usableUntil: '2026-12-09' });
    const before = subscriptionView(f, '2026-12-09');
    expect(before).toMatchObject({ dateKind: 'endDate', date: '2026-12-09', showPaymentMethod: false, renewing: false });
    expect(before.undo).toEqual({ allowed: true });
    expect(before.cancel).toEqual({ allowed: false, reason: 'notApplicable' });
    expect(before.changePaymentMethod).toEqual({ allowed: false, reason: 'notApplicable' });
    const onTheDay = subscriptionView(f, '2026-12-10');
    expect(onTheDay.renewing).toBe(true);
    expect(onTheDay.undo).toEqual({ allowed: false, reason: 'renewing' });
  });

  it('undo needs a payment method', () => {
    const v = subscriptionView(facts({ group: 'cancelRequest', usableUntil: '2026-12-09', hasPaymentMethod: false }), '2026-12-01');
    expect(v.undo).toEqual({ allowed: false, reason: 'noPaymentMethod' });
  });

  it('a cancel request without a recorded end of use shows the settlement day', () => {
    expect(subscriptionView(facts({ group: 'cancelRequest' }), '2026-12-01').date).toBe('2026-12-10');
  });

  it('a subscription on hold is never "renewing": the method can be changed and the plan cancelled', () => {
    const v = subscriptionView(facts({ group: 'hold', nextSettlementDay: '2026-12-01' }), '2026-12-05');
    expect(v.renewing).toBe(false);
    expect(v.changePaymentMethod).toEqual({ allowed: true });
    expect(v.cancel).toEqual({ allowed: true });
    expect(v.undo.allowed).toBe(false);
  });

  it('a cancelled subscription allows nothing', () => {
    const v = subscriptionView(facts({ group: 'cancelled' }), '2026-12-01');
    expect([v.changePaymentMethod, v.cancel, v.undo].every((a) => !a.allowed)).toBe(true);
  });

  it('every group gets a view with a date', () => {
    for (const group of subscriptionGroups) expect(subscriptionView(facts({ group }), '2026-11-25').date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('lastUndoDay', () => {
  it.each([
    ['2026-12-10', '2026-12-09'],
    ['2027-01-01', '2026-12-31'],
    ['2028-03-01', '2028-02-29'],
    ['2027-03-01', '2027-02-28'],
  ])('before %s is %s', (day, last) => expect(lastUndoDay(day)).toBe(last));
});

describe('group rules', () => {
  const table: [SubscriptionGroup, boolean, boolean, boolean][] = [
    // group, cancel in withdraw mode, blocks withdrawal, uses its payment method
    ['trial', true, true, true],
    ['contract', true, true, true],
    ['hold', true, true, true],
    ['cancelRequest', false, false, true],
    ['cancelled', false, false, false],
  ];
  it.each(table)('%s', (group, cancelShown, blocks, uses) => {
    expect(showCancelInWithdrawMode({ group })).toBe(cancelShown);
    expect(blocksWithdrawal(group)).toBe(blocks);
    expect(usesPaymentMethod(group)).toBe(uses);
  });
});
