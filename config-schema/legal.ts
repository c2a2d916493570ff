import { z } from 'zod';
import { localizedText } from './common.ts';

/**
 * The seller's statements of the 特定商取引法に基づく表記 page (/legal/tokushoho; decision 0045):
 * who sells and how to reach them, and the store's own wording of its terms. What a plan itself
 * says (prices, the renewal, the viewing window) is derived from the plans, never typed here.
 */
export const legalNotice = z
  .object({
    seller: localizedText.describe('販売事業者: the registered name of the seller, e.g. 株式会社あおぞらメディア.'),
    representative: localizedText.describe('代表者 or 運営統括責任者: the person responsible, e.g. 代表取締役 青空 太郎.'),
    address: localizedText.describe('所在地: the postal address of the seller, with the postal code.'),
    phone: z
      .string()
      .regex(/^\+?[0-9][0-9-]{8,15}$/, 'a phone number of digits and hyphens, e.g. 03-1234-5678')
      .describe('電話番号: where a buyer reaches the seller, e.g. 03-1234-5678.'),
    contactHours: localizedText.optional().describe('受付時間 of the phone, e.g. 平日 10:00〜18:00.'),
    email: z.email().optional().describe('お問い合わせメールアドレス.'),
    pricesNote: localizedText
      .optional()
      .describe('販売価格: a note besides the plans prices (which the page lists from the plans); the product wording when missing.'),
    additionalFees: localizedText
      .optional()
      .describe('商品代金以外の必要料金, e.g. the viewer pays the internet connection; the product wording when missing.'),
    paymentNote: localizedText
      .optional()
      .describe('支払方法・支払時期: a note besides the methods and timing the page derives; none when missing.'),
    deliveryNote: localizedText
      .optional()
      .describe('引渡時期 (when the title can be watched); the product wording (right after the payment) when missing.'),
    cancellationNote: localizedText
      .optional()
      .describe('返品・キャンセル: the returns and cancellation policy; the product wording when missing.'),
    environmentNote: localizedText.optional().describe('動作環境: devices and browsers the service supports; none when missing.'),
  })
  .strict()
  .describe(
    'The 特定商取引法に基づく表記 (Japanese Specified Commercial Transactions Act) of the store, shown at /legal/tokushoho. Required for a store that sells (has a plan on sale); a store without it is accepted with a warning and its page says the seller details are disclosed on request (decision 0045).',
  );
export type LegalNotice = z.infer<typeof legalNotice>;

/**
 * What a store document lacks of the legal notice: a store that sells (has a plan on sale)
 * without a `legal` section. Not a refusal: documents written before the section existed must
 * still apply (decision 0045); `apply` and `validate` print it as a warning.
 */
export function legalNoticeWarnings(settings: { legal?: LegalNotice; plans: ReadonlyArray<{ onSale: boolean }> }): string[] {
  if (settings.legal || !settings.plans.some((p) => p.onSale)) return [];
  return [
    '$.legal: missing; a store that sells must publish its 特定商取引法に基づく表記 (seller, representative, address, phone). ' +
      'Until it is set, /legal/tokushoho names businessName and says the rest is disclosed on request',
  ];
}
