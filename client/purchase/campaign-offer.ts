// The automatic campaign of the purchase form (issue 20.7), in the viewer's language: what the
// order costs under it, before the confirmation shows the exact amounts.
import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { formatYen } from '#domain/plan-price.ts';
import type { ScreenData } from '#domain/screen-data.ts';

type Offer = NonNullable<ScreenData<'/plans/@planId'>['automaticCampaign']>;

export function campaignOfferText(i18n: I18n, offer: Offer): string {
  if (offer.campaignType === 'free') {
    const days = offer.freeDays ?? 0;
    return t(i18n)`${days}日間無料`;
  }
  const price = formatYen(offer.price ?? 0);
  if (offer.paymentCount !== null) {
    const count = offer.paymentCount;
    return t(i18n)`キャンペーン価格 ${price}（${count}回のお支払いまで）`;
  }
  return t(i18n)`キャンペーン価格 ${price}`;
}
