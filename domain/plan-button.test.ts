import { describe, expect, it } from 'vitest';
import { type PlanButtonPlan, planButtonKinds, planButtonState } from './plan-button.ts';

const START = '2026-04-01T00:00:00+09:00';
const END = '2026-05-01T00:00:00+09:00';
const inSale = new Date('2026-04-15T12:00:00+09:00');

const open: PlanButtonPlan = { salesStartDate: START, salesEndDate: END, salesLimit: 10, salesCount: 0 };
const ctx = { now: inSale, contractLimited: false };

describe('planButtonState', () => {
  it('lists the six kinds in evaluation order', () => {
    expect(planButtonKinds).toEqual(['contractLimited', 'afterSale', 'beforeSale', 'soldOut', 'trial', 'contract']);
  });

  describe('each state', () => {
    it('1. contract limited is disabled', () => {
      expect(planButtonState(open, { now: inSale, contractLimited: true })).toEqual({
        kind: 'contractLimited',
        disabled: true,
      });
    });

    it('2. after the sale end date is disabled', () => {
      expect(planButtonState(open, { ...ctx, now: new Date('2026-06-01T00:00:00+09:00') })).toEqual({
        kind: 'afterSale',
        disabled: true,
      });
    });

    it('3. before the sale start date is disabled', () => {
      expect(planButtonState(open, { ...ctx, now: new Date('2026-03-01T00:00:00+09:00') })).toEqual({
        kind: 'beforeSale',
        disabled: true,
      });
    });

    it('4. sold out (count at the limit) is disabled', () => {
      expect(planButtonState({ ...open, salesCount: 10 }, ctx)).toEqual({ kind: 'soldOut', disabled: true });
    });

    it('4. sold out when the count is above the limit', () => {
      expect(planButtonState({ ...open, salesCount: 11 }, ctx)).toEqual({ kind: 'soldOut', disabled: true });
    });

    it('4. a limit of 0 is sold out from the start', () => {
      expect(planButtonState({ salesLimit: 0, salesCount: 0 }, ctx).kind).toBe('soldOut');
    });

    it('5. free trial days give an enabled trial state with the count', () => {
      expect(planButtonState({ ...open, freeTrialDays: 30 }, ctx)).toEqual({
        kind: 'trial',
        disabled: false,
        trialDays: 30,
      });
    });

    it('6. otherwise an enabled contract state without trialDays', () => {
      const state = planButtonState(open, ctx);
      expect(state).toEqual({ kind: 'contract', disabled: false });
      expect('trialDays' in state).toBe(false);
    });
  });

  describe('absent values', () => {
    it('no dates, no limit, no trial: contract', () => {
      expect(planButtonState({ salesCount: 0 }, ctx)).toEqual({ kind: 'contract', disabled: false });
    });

    it('null dates, null limit, null trial: contract', () => {
      const plan = { salesStartDate: null, salesEndDate: null, salesLimit: null, salesCount: 99, freeTrialDays: null };
      expect(planButtonState(plan, ctx)).toEqual({ kind: 'contract', disabled: false });
    });

    it('a huge count without a limit is not sold out', () => {
      expect(planButtonState({ salesLimit: undefined, salesCount: 1_000_000 }, ctx).kind).toBe('contract');
    });

    it('0 trial days is not a trial', () => {
      expect(planButtonState({ ...open, freeTrialDays: 0 }, ctx).kind).toBe('contract');
    });

    it('negative trial days is not a trial', () => {
      expect(planButtonState({ ...open, freeTrialDays: -3 }, ctx).kind).toBe('contract');
    });

    it('a trial of 1 day is a trial', () => {
      expect(planButtonState({ ...open, freeTrialDays: 1 }, ctx)).toMatchObject({ kind: 'trial', trialDays: 1 });
    });

    it('only an end date, before it: open', () => {
      expect(planButtonState({ salesEndDate: END, salesCount: 0 }, ctx).kind).toBe('contract');
    });

    it('only a start date, after it: open', () => {
      expect(planButtonState({ salesStartDate: START, salesCount: 0 }, ctx).kind).toBe('contract');
    });
  });

  describe('boundary instants', () => {
    const endInstant = new Date(END);
    const startInstant = new Date(START);

    it('exactly at the end instant the sale is over', () => {
      expect(planButtonState(open, { ...ctx, now: endInstant }).kind).toBe('afterSale');
    });

    it('one millisecond before the end instant the sale is still open', () => {
      expect(planButtonState(open, { ...ctx, now: new Date(endInstant.getTime() - 1) }).kind).toBe('contract');
    });

    it('exactly at the start instant the sale is open', () => {
      expect(planButtonState(open, { ...ctx, now: startInstant }).kind).toBe('contract');
    });

    it('one millisecond before the start instant the sale has not begun', () => {
      expect(planButtonState(open, { ...ctx, now: new Date(startInstant.getTime() - 1) }).kind).toBe('beforeSale');
    });

    it('compares instants, not wall-clock text: the same instant in UTC', () => {
      // 2026-05-01T00:00:00+09:00 is 2026-04-30T15:00:00Z.
      expect(planButtonState(open, { ...ctx, now: new Date('2026-04-30T15:00:00Z') }).kind).toBe('afterSale');
      expect(planButtonState(open, { ...ctx, now: new Date('2026-04-30T14:59:59.999Z') }).kind).toBe('contract');
    });

    it('count one below the limit is not sold out', () => {
      expect(planButtonState({ ...open, salesCount: 9 }, ctx).kind).toBe('contract');
    });
  });

  describe('evaluation order', () => {
    const after = new Date('2026-06-01T00:00:00+09:00');
    const before = new Date('2026-03-01T00:00:00+09:00');
    const everything: PlanButtonPlan = { ...open, salesCount: 10, freeTrialDays: 7 };

    it('contract limited wins over everything', () => {
      expect(planButtonState(everything, { now: after, contractLimited: true }).kind).toBe('contractLimited');
      expect(planButtonState(everything, { now: before, contractLimited: true }).kind).toBe('contractLimited');
    });

    it('ended AND sold out gives afterSale', () => {
      expect(planButtonState(everything, { now: after, contractLimited: false }).kind).toBe('afterSale');
    });

    it('ended AND not yet started (end before start) gives afterSale', () => {
      const inverted = { salesStartDate: END, salesEndDate: START, salesCount: 0 };
      expect(planButtonState(inverted, ctx).kind).toBe('afterSale');
    });

    it('not started AND sold out gives beforeSale', () => {
      expect(planButtonState(everything, { now: before, contractLimited: false }).kind).toBe('beforeSale');
    });

    it('sold out AND trial gives soldOut', () => {
      expect(planButtonState(everything, ctx).kind).toBe('soldOut');
    });

    it('trial wins over the plain contract label', () => {
      expect(planButtonState({ ...everything, salesCount: 0 }, ctx).kind).toBe('trial');
    });
  });

  describe('malformed dates', () => {
    it('throws on an unparsable end date', () => {
      expect(() => planButtonState({ salesEndDate: 'soon', salesCount: 0 }, ctx)).toThrow(RangeError);
    });

    it('throws on an unparsable start date', () => {
      expect(() => planButtonState({ salesStartDate: '', salesCount: 0 }, ctx)).toThrow(/salesStartDate/);
    });

    it('does not look at the start date once the end date decided', () => {
      const plan = { salesStartDate: 'bad', salesEndDate: START, salesCount: 0 };
      expect(planButtonState(plan, ctx).kind).toBe('afterSale');
    });
  });
});
