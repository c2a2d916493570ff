// The payment-method calls of My Page (spec 7), one line each over call().

import type { CardTokens } from '#client/commerce/provider-script.ts';
import type { PaymentMethodType } from '#config-schema/store-settings.ts';
import { call } from './call.ts';

/** Keeps a card; `redirectTo`: the store's page to go back to (a purchase), else the completion page. */
export const registerCard = (tokens: CardTokens, redirectTo = '') =>
  call('POST /zapi/account/payment-method/credit', { body: { ...tokens, ...(redirectTo ? { redirectTo } : {}) } });

/** A carrier's registration page; `redirectTo`: the store's page to go back to once it is kept (a purchase). */
export const startLinkRegistration = (paymentMethodType: PaymentMethodType, redirectTo = '') =>
  call('POST /zapi/account/payment-method/link', { body: { paymentMethodType, ...(redirectTo ? { redirectTo } : {}) } });

/** PayPal's registration page; `redirectTo` as for a carrier. */
export const startPaypalRegistration = (redirectTo = '') =>
  call('GET /zapi/account/payment-method/paypal', { query: redirectTo ? { redirectTo } : {} });

export const deletePaymentMethod = (id: string) => call('DELETE /zapi/account/payment-method/:id', { params: { id } });
