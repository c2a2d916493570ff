// The payment-method calls of My Page (spec 7), one function each.

import type { CardTokens } from '#client/commerce/provider-script.ts';
import type { PaymentMethodType } from '#config-schema/store-settings.ts';
import type { Redirect } from './identity-calls.ts';
import { deleteJson, getJson, postJson } from './request.ts';

export const registerCard = (tokens: CardTokens) => postJson<Redirect>('/zapi/account/payment-method/credit', tokens);

export const startLinkRegistration = (paymentMethodType: PaymentMethodType) =>
  postJson<{ linkUrl: string; params: Record<string, string> }>('/zapi/account/payment-method/link', { paymentMethodType });

export const startPaypalRegistration = () => getJson<Redirect>('/zapi/account/payment-method/paypal');

export const deletePaymentMethod = (id: string) => deleteJson<Redirect>(`/zapi/account/payment-method/${encodeURIComponent(id)}`, {});
