// The payment-method calls of My Page (spec 7), one function each.

import type { CardTokens } from '#client/commerce/provider-script.ts';
import type { PaymentMethodType } from '#config-schema/store-settings.ts';
import type { Redirect } from './identity-calls.ts';
import { deleteJson, getJson, postJson } from './request.ts';

/** Keeps a card; `redirectTo`: the store's page to go back to (a purchase), else the completion page. */
export const registerCard = (tokens: CardTokens, redirectTo = '') =>
  postJson<Redirect & { accountPaymentMethodId: string }>('/zapi/account/payment-method/credit', {
    ...tokens,
    ...(redirectTo ? { redirectTo } : {}),
  });

export const startLinkRegistration = (paymentMethodType: PaymentMethodType) =>
  postJson<{ linkUrl: string; params: Record<string, string> }>('/zapi/account/payment-method/link', { paymentMethodType });

export const startPaypalRegistration = () => getJson<Redirect>('/zapi/account/payment-method/paypal');

export const deletePaymentMethod = (id: string) => deleteJson<Redirect>(`/zapi/account/payment-method/${encodeURIComponent(id)}`, {});
