import { describe, expect, it } from 'vitest';
import { contractRefusal, type MemberHoldings, salesRefusal } from './purchase-limits.ts';

const none: MemberHoldings = { activeContracts: 0, completedPurchases: 0, liveRentals: 0 };

describe('contractRefusal', () => {
  it('a subscription is held once', () => {
    expect(contractRefusal({ planType: 'subscription', purchaseLimitPerMember: null }, none)).toBeNull();
    expect(contractRefusal({ planType: 'subscription', purchaseLimitPerMember: null }, { ...none, activeContracts: 1 })).toBe(
      'ALREADY_CONTRACTED',
    );
  });
  it('a subscription with a per-member limit', () => {
    const plan = { planType: 'subscription', purchaseLimitPerMember: 2 } as const;
    expect(contractRefusal(plan, { ...none, activeContracts: 1 })).toBeNull();
    expect(contractRefusal(plan, { ...none, activeContracts: 2 })).toBe('CONTRACT_LIMIT_REACHED');
  });
  it('purchases count for ever, only with a limit', () => {
    expect(contractRefusal({ planType: 'purchase', purchaseLimitPerMember: null }, { ...none, completedPurchases: 9 })).toBeNull();
    expect(contractRefusal({ planType: 'purchase', purchaseLimitPerMember: 1 }, { ...none, completedPurchases: 1 })).toBe(
      'CONTRACT_LIMIT_REACHED',
    );
    expect(contractRefusal({ planType: 'purchase', purchaseLimitPerMember: 1 }, { ...none, liveRentals: 3 })).toBeNull();
  });
  it('rentals count while they run', () => {
    expect(contractRefusal({ planType: 'rental', purchaseLimitPerMember: 1 }, { ...none, completedPurchases: 5 })).toBeNull();
    expect(contractRefusal({ planType: 'rental', purchaseLimitPerMember: 1 }, { ...none, liveRentals: 1 })).toBe('CONTRACT_LIMIT_REACHED');
  });
});

describe('salesRefusal', () => {
  const open = { salesStartDate: null, salesEndDate: null, salesLimit: null };
  const now = new Date('2026-06-01T00:00:00Z');
  it('open sales', () => expect(salesRefusal(open, 100, now)).toBeNull());
  it('after the end (the end instant included), before the start', () => {
    expect(salesRefusal({ ...open, salesEndDate: '2026-06-01T00:00:00Z' }, 0, now)).toBe('afterSale');
    expect(salesRefusal({ ...open, salesStartDate: '2026-06-01T00:00:01Z' }, 0, now)).toBe('beforeSale');
    expect(salesRefusal({ ...open, salesStartDate: '2026-06-01T00:00:00Z' }, 0, now)).toBeNull();
  });
  it('sold out at the limit', () => {
    expect(salesRefusal({ ...open, salesLimit: 3 }, 2, now)).toBeNull();
    expect(salesRefusal({ ...open, salesLimit: 3 }, 3, now)).toBe('soldOut');
  });
});
