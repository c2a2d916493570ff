// The payment-method calls of My Page (spec 7), one line each over call().

import type { CardTokens } from '#client/commerce/provider-script.ts';
import type { PaymentMethodType } from '#config-schema/store-settings.ts';
import { call } from './call.ts';

/** Keeps a card; `redirectTo`: the store's page to go back to (a purchase), else the completion page. */
export const registerCard = (tokens: CardTokens, redirectTo = '') =>
  call('POST /zapi/account/payment-method/credit', { body: { ...tokens, ...(redirectTo ? { redirectTo } : {}) } });

export const startLinkRegistration = (paymentMethodType: PaymentMethodType) =>
  call('POST /zapi/account/payment-method/link', { body: { paymentMethodType } });

export const startPaypalRegistration = () => call('GET /zapi/account/payment-method/paypal');

export const deletePaymentMethod = (id: string) => call('DELETE /zapi/account/payment-method/:id', { params: { id } });
