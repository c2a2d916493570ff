// The purchase calls (spec 7), one function each.
import { postJson } from '#client/api/request.ts';
import type { ProviderRedirectView } from './provider-redirect.tsx';

export type PurchaseFormBody = { paymentMethodId: string; campaignCode: string; surveyAnswers?: unknown };
export type VerifyAnswer = { purchaseToken: string; redirectTo: string };
export type PurchaseAnswer = { redirectTo: string; providerRedirect?: ProviderRedirectView };

export const verifyPurchase = (planId: string, body: PurchaseFormBody) =>
  postJson<VerifyAnswer>(`/zapi/purchase/verify/${encodeURIComponent(planId)}`, { ...body, planId });

export const purchase = (planId: string, body: { purchaseToken: string; tds2infoToken?: string; tds2infoTokenKey?: string }) =>
  postJson<PurchaseAnswer>(`/zapi/purchase/${encodeURIComponent(planId)}`, body);
