import { describe, expect, it } from 'vitest';
import type { Plan } from '#config-schema/plans.ts';
import { planOf } from './plans.ts';

const plan = (planId: string, extra: Partial<Plan> = {}) => ({ planId, visible: true, onSale: true, ...extra }) as Plan;

describe('planOf', () => {
  const settings = { plans: [plan('monthly'), plan('hidden', { visible: false }), plan('retired', { onSale: false })] };

  it('finds a plan by its id, hidden or retired alike', () => {
    expect(planOf(settings, 'monthly')?.planId).toBe('monthly');
    expect(planOf(settings, 'hidden')?.planId).toBe('hidden');
    expect(planOf(settings, 'retired')?.planId).toBe('retired');
  });

  it('answers null for a plan the settings do not have, and without settings', () => {
    expect(planOf(settings, 'gone')).toBeNull();
    expect(planOf(settings, '')).toBeNull();
    expect(planOf(null, 'monthly')).toBeNull();
    expect(planOf(undefined, 'monthly')).toBeNull();
    expect(planOf({ plans: [] }, 'monthly')).toBeNull();
  });

  it('takes the first entry when two share an id (the schema refuses that; the lookup stays defined)', () => {
    const twice = { plans: [plan('a', { price: 1 }), plan('a', { price: 2 })] };
    expect(planOf(twice, 'a')?.price).toBe(1);
  });
});
