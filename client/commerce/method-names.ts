// What each payment method type is called on screen, in the viewer's language.
import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { PaymentMethodType } from '#config-schema/store-settings.ts';

export function paymentMethodName(i18n: I18n, type: PaymentMethodType): string {
  switch (type) {
    case 'SbpsCredit':
      return t(i18n)`クレジットカード`;
    case 'SbpsDocomo':
      return t(i18n)`ドコモ払い`;
    case 'SbpsAuSimple':
      return t(i18n)`auかんたん決済`;
    case 'SbpsAuone':
      return t(i18n)`au PAY`;
    case 'SbpsSoftbank':
      return t(i18n)`ソフトバンクまとめて支払い`;
    case 'SbpsSoftbankYahoo':
      return t(i18n)`ワイモバイルまとめて支払い`;
    case 'SbpsPaypay':
      return t(i18n)`PayPay`;
    case 'PaypalRest':
    case 'PaypalNvp':
      return t(i18n)`PayPal`;
    case 'CampaignCode':
      return t(i18n)`キャンペーンコード`;
  }
}
