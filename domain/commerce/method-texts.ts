// How a payment method reads on every screen and in mail (purchase, payment methods,
// subscriptions, the legal page), in the viewer's language: one name per type.
import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { PaymentMethodTypeName } from '#domain/commerce/payment-method-types.ts';
import type { PurchaseMethod } from '#domain/commerce/purchase-screens.ts';

const BRANDS: Record<string, string> = { V: 'Visa', M: 'Mastercard', A: 'American Express', J: 'JCB', D: 'Diners Club' };

export function methodTypeLabel(i18n: I18n, type: PaymentMethodTypeName): string {
  switch (type) {
    case 'CampaignCode':
      return t(i18n)`キャンペーンコード`;
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
    case 'PaypalNvp':
    case 'PaypalRest':
      return t(i18n)`PayPal`;
  }
}

/** 'Visa **** 1111 (12/2030)', or the method's own label. */
export function methodLabel(i18n: I18n, m: PurchaseMethod): string {
  if (m.last4) {
    const brand = (m.brand && BRANDS[m.brand]) || methodTypeLabel(i18n, m.type);
    const expiry = m.expireDate ? ` (${m.expireDate.slice(4)}/${m.expireDate.slice(0, 4)})` : '';
    return `${brand} **** ${m.last4}${expiry}`;
  }
  return m.label ? `${methodTypeLabel(i18n, m.type)} ${m.label}` : methodTypeLabel(i18n, m.type);
}
