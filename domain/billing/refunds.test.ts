import { describe, expect, it } from 'vitest';
import { refundAmount, refundTax } from './refunds.ts';

describe('refundAmount', () => {
  it('refunds the rest when no amount is asked, the amount asked otherwise', () => {
    expect(refundAmount(1100, 0, undefined)).toEqual({ ok: true, amount: 1100, remaining: 0 });
    expect(refundAmount(1100, 300, undefined)).toEqual({ ok: true, amount: 800, remaining: 0 });
    expect(refundAmount(1100, 300, 500)).toEqual({ ok: true, amount: 500, remaining: 300 });
    expect(refundAmount(1100, 300, 800)).toEqual({ ok: true, amount: 800, remaining: 0 });
  });
  it('refuses an amount of 0 or less, not whole, or over what is left', () => {
    for (const asked of [0, -1, 1.5, Number.NaN])
      expect(refundAmount(1100, 0, asked)).toEqual({ ok: false, code: 'REFUND_AMOUNT_INVALID' });
    expect(refundAmount(1100, 300, 801)).toEqual({ ok: false, code: 'REFUND_AMOUNT_INVALID' });
  });
  it('refuses a payment refunded in full, or one of nothing', () => {
    expect(refundAmount(1100, 1100, undefined)).toEqual({ ok: false, code: 'REFUND_NOT_ALLOWED' });
    expect(refundAmount(1100, 1100, 1)).toEqual({ ok: false, code: 'REFUND_NOT_ALLOWED' });
    expect(refundAmount(0, 0, undefined)).toEqual({ ok: false, code: 'REFUND_NOT_ALLOWED' });
  });
});

describe('refundTax', () => {
  it("shares the payment's tax out so that its refunds add up to it", () => {
    const p = { billingAmount: 1000, taxAmount: 90, taxRate: 10 };
    const parts = [333, 333, 334];
    let before = 0;
    const taxes = parts.map((a) => {
      const t = refundTax(p, before, a);
      before += a;
      return t;
    });
    expect(taxes).toEqual([30, 30, 30]);
    expect(refundTax(p, 0, 1000)).toBe(90);
    expect(refundTax(p, 0, 11)).toBe(1);
  });
});
