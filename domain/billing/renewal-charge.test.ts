import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renewalCharge } from './renewal-charge.ts';

describe('renewalCharge', () => {
  it('no campaign: the plan price', () => {
    expect(renewalCharge({ price: 990, campaignPrice: null, campaignPaymentsLeft: null })).toEqual({
      amount: 990,
      campaignPaymentsLeft: null,
    });
  });
  it('a campaign for every payment', () => {
    expect(renewalCharge({ price: 990, campaignPrice: 500, campaignPaymentsLeft: null })).toEqual({
      amount: 500,
      campaignPaymentsLeft: null,
    });
  });
  it('an N-payment campaign: the campaign price while payments are left, then the plan price', () => {
    expect(renewalCharge({ price: 990, campaignPrice: 300, campaignPaymentsLeft: 2 })).toEqual({ amount: 300, campaignPaymentsLeft: 1 });
    expect(renewalCharge({ price: 990, campaignPrice: 300, campaignPaymentsLeft: 1 })).toEqual({ amount: 300, campaignPaymentsLeft: 0 });
    expect(renewalCharge({ price: 990, campaignPrice: 300, campaignPaymentsLeft: 0 })).toEqual({ amount: 990, campaignPaymentsLeft: 0 });
  });
  it('property: a campaign of N payments charges its price exactly N times, then the plan price forever', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 24 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 5000 }),
        (n, campaignPrice, price) => {
          let left: number | null = n;
          const amounts: number[] = [];
          for (let i = 0; i < n + 5; i++) {
            const c = renewalCharge({ price, campaignPrice, campaignPaymentsLeft: left });
            amounts.push(c.amount);
            left = c.campaignPaymentsLeft;
          }
          expect(amounts).toEqual([...Array(n).fill(campaignPrice), ...Array(5).fill(price)]);
        },
      ),
      { seed: 3, numRuns: 300 },
    );
  });
});
