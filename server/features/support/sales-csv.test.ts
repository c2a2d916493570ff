import { describe, expect, it } from 'vitest';
import { monthRange, salesCsv } from './sales-csv.ts';

const sale = {
  paymentId: 'p1',
  orderId: 'o1',
  contractId: null,
  publicId: 'm1',
  planId: 'monthly',
  planName: { ja: '月額, "特選"' },
  paymentMethodType: 'card',
  amountYen: 990,
  taxRate: 10,
  taxYen: 90,
  at: new Date('2026-10-31T15:00:00Z'),
};

describe('sales CSV', () => {
  it('spans the JST month', () => {
    expect(monthRange('2026-11')).toEqual({ from: new Date('2026-10-31T15:00:00Z'), to: new Date('2026-11-30T15:00:00Z') });
    expect(monthRange('2026-12').to).toEqual(new Date('2026-12-31T15:00:00Z'));
    expect(() => monthRange('2026-13')).toThrow();
  });

  it('starts with a BOM, writes JST times, quotes names, makes a refund negative and totals the month', () => {
    const out = salesCsv([sale], [{ ...sale, refundId: 'r1', amountYen: 300, at: new Date('2026-11-02T00:00:00Z') }]);
    expect(out.csv.startsWith('\uFEFFtype,date_jst,payment_id,')).toBe(true);
    const lines = out.csv.slice(1).split('\r\n');
    expect(lines[1]).toBe('sale,2026/11/01 00:00:00,p1,,o1,,m1,monthly,"月額, ""特選""",card,990,10,90');
    expect(lines[2]).toBe('refund,2026/11/02 09:00:00,p1,r1,o1,,m1,monthly,"月額, ""特選""",card,-300,,');
    expect(lines[3]).toBe('total,,,,,,,,,,690,,');
    expect(out).toMatchObject({ sales: 1, refunds: 1, totalYen: 690 });
  });
});
