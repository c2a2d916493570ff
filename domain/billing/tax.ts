// Consumption tax of a tax-included amount (qualified invoices: the tax is rounded once per
// invoice and per rate, down). Amounts are integer yen.

/** Above this, amount * rate could leave the exact integer range of a double. */
const MAX_AMOUNT = 1e12;

/** The standard consumption tax rate, percent. */
export const STANDARD_TAX_RATE = 10;

export type TaxBreakdown = {
  /** Tax included, yen. */
  billingAmount: number;
  /** Percent. */
  taxRate: number;
  taxAmount: number;
  /** billingAmount - taxAmount. */
  netAmount: number;
};

/** The tax in a tax-included amount: floor(amount * rate / (100 + rate)). */
export function taxOf(billingAmount: number, taxRate: number = STANDARD_TAX_RATE): TaxBreakdown {
  if (!Number.isInteger(billingAmount) || billingAmount < 0 || billingAmount > MAX_AMOUNT)
    throw new RangeError(`not an amount of yen: ${billingAmount}`);
  if (!Number.isInteger(taxRate) || taxRate < 0 || taxRate > 100) throw new RangeError(`not a tax rate: ${taxRate}`);
  // amount * rate stays below 2^53, so the division is exact enough for floor.
  const taxAmount = Math.floor((billingAmount * taxRate) / (100 + taxRate));
  return { billingAmount, taxRate, taxAmount, netAmount: billingAmount - taxAmount };
}
