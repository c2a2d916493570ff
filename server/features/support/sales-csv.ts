// A month's sales and refunds as CSV for a spreadsheet (decision 0051): UTF-8 with a byte-order mark
// (Excel reads it as UTF-8 then), CRLF line ends, times in JST, amounts in whole yen (a refund
// negative). Columns, one line per payment or refund, oldest first:
//   type            sale | refund
//   date_jst        YYYY/MM/DD HH:mm:ss, Japan time
//   payment_id      the payment (a refund: the payment it returns)
//   refund_id       the refund (empty for a sale)
//   order_id        the purchase's order (empty for a renewal)
//   contract_id     the subscription (empty for a one-off or rental purchase)
//   member          the member's public ID
//   plan_id, plan_name   the plan, its Japanese name when charged
//   payment_method  the method type (card, ...)
//   amount_yen      tax included; negative for a refund
//   tax_rate        percent (a sale; empty for a refund)
//   tax_yen         the tax in amount_yen (a sale; empty for a refund)
// The last line totals the month: type "total", amount_yen the sales less the refunds.
import type { LocalizedText } from '#config-schema/common.ts';
import { formatJstDateTime } from '#domain/jst-date-time.ts';

export type SaleLine = {
  paymentId: string;
  orderId: string | null;
  contractId: string | null;
  publicId: string;
  planId: string;
  planName: unknown;
  paymentMethodType: string;
  amountYen: number;
  taxRate: number;
  taxYen: number;
  at: Date;
};

/** A refund: the payment's line without its tax, the refund's id, `amountYen` the amount returned (positive), `at` its completion. */
export type RefundLine = Omit<SaleLine, 'taxRate' | 'taxYen'> & { refundId: string };

export const SALES_COLUMNS = [
  'type',
  'date_jst',
  'payment_id',
  'refund_id',
  'order_id',
  'contract_id',
  'member',
  'plan_id',
  'plan_name',
  'payment_method',
  'amount_yen',
  'tax_rate',
  'tax_yen',
] as const;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

export const isMonth = (s: string) => MONTH.test(s);

/** The instants a JST calendar month spans: [from, to). Throws on anything but YYYY-MM. */
export function monthRange(month: string): { from: Date; to: Date } {
  const m = MONTH.exec(month);
  if (!m) throw new RangeError(`not a month (YYYY-MM): ${month}`);
  const year = Number(m[1]);
  const index = Number(m[2]) - 1;
  return {
    from: new Date(Date.UTC(year, index, 1) - JST_OFFSET_MS),
    to: new Date(Date.UTC(year, index + 1, 1) - JST_OFFSET_MS),
  };
}

const nameOf = (name: unknown): string => (typeof name === 'string' ? name : ((name as LocalizedText | null)?.ja ?? ''));

function cell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export type SalesExport = { csv: string; sales: number; refunds: number; totalYen: number };

export function salesCsv(sales: SaleLine[], refunds: RefundLine[]): SalesExport {
  const rows: { at: Date; cells: (string | number | null)[] }[] = [
    ...sales.map((s) => ({
      at: s.at,
      cells: [
        'sale',
        formatJstDateTime(s.at),
        s.paymentId,
        null,
        s.orderId,
        s.contractId,
        s.publicId,
        s.planId,
        nameOf(s.planName),
        s.paymentMethodType,
        s.amountYen,
        s.taxRate,
        s.taxYen,
      ],
    })),
    ...refunds.map((r) => ({
      at: r.at,
      cells: [
        'refund',
        formatJstDateTime(r.at),
        r.paymentId,
        r.refundId,
        r.orderId,
        r.contractId,
        r.publicId,
        r.planId,
        nameOf(r.planName),
        r.paymentMethodType,
        -r.amountYen,
        null,
        null,
      ],
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  const totalYen = sales.reduce((n, s) => n + s.amountYen, 0) - refunds.reduce((n, r) => n + r.amountYen, 0);
  const lines = [
    SALES_COLUMNS.join(','),
    ...rows.map((r) => r.cells.map(cell).join(',')),
    ['total', '', '', '', '', '', '', '', '', '', totalYen, '', ''].join(','),
  ];
  return { csv: `\uFEFF${lines.join('\r\n')}\r\n`, sales: sales.length, refunds: refunds.length, totalYen };
}
