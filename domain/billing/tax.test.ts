import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STANDARD_TAX_RATE, taxOf } from './tax.ts';

describe('taxOf', () => {
  it.each([
    [0, 0],
    [1, 0],
    [10, 0],
    [11, 1],
    [110, 10],
    [500, 45],
    [990, 90],
    [1000, 90],
    [1100, 100],
    [9999, 909],
  ])('%i yen at 10%% holds %i yen of tax', (amount, tax) => {
    expect(taxOf(amount)).toEqual({ billingAmount: amount, taxRate: 10, taxAmount: tax, netAmount: amount - tax });
  });
  it('takes the reduced rate', () => expect(taxOf(1080, 8).taxAmount).toBe(80));
  it('refuses what is not an amount or a rate', () => {
    for (const bad of [-1, 1.5, Number.NaN, 1e13]) expect(() => taxOf(bad)).toThrow(RangeError);
    for (const bad of [-1, 101, 2.5]) expect(() => taxOf(100, bad)).toThrow(RangeError);
  });
  it('property: tax + net = amount, tax is the largest whole yen not above the exact tax', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.constantFrom(8, STANDARD_TAX_RATE), (amount, rate) => {
        const { taxAmount, netAmount } = taxOf(amount, rate);
        expect(taxAmount + netAmount).toBe(amount);
        // Exact in BigInt: tax * (100 + rate) <= amount * rate < (tax + 1) * (100 + rate).
        const lhs = BigInt(taxAmount) * BigInt(100 + rate);
        const exact = BigInt(amount) * BigInt(rate);
        expect(lhs <= exact && exact < lhs + BigInt(100 + rate)).toBe(true);
      }),
      { seed: 10, numRuns: 2000 },
    );
  });
});
