// The sales-limit indicator shown on purchase and rental products.

export type StockLevel = 'soldOut' | 'fewLeft' | 'plenty';

export type StockInput = {
  salesLimit?: number | null;
  salesCount: number;
};

/**
 * null when the plan has no sales limit. Otherwise: sold out when count >= limit; few left when
 * at least 80 % is sold or exactly one is left; otherwise plenty.
 */
export function stockLevel({ salesLimit, salesCount }: StockInput): StockLevel | null {
  if (salesLimit == null) return null;
  if (salesCount >= salesLimit) return 'soldOut';
  // count / limit >= 0.8, in integers so that 4/5 or 80/100 never fall short through rounding.
  if (salesCount * 5 >= salesLimit * 4 || salesLimit - salesCount === 1) return 'fewLeft';
  return 'plenty';
}
