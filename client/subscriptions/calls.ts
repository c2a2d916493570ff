// The subscription calls of member-area 7 and the payment history's pages.
import { getJson, postJson } from '#client/api/request.ts';
import type { PaymentHistoryPage } from '#domain/billing/subscription-screens.ts';
import type { SurveyAnswer } from '#domain/validation/survey-answers.ts';

type Redirect = { redirectTo: string };
const base = (id: string) => `/zapi/subscription/${encodeURIComponent(id)}`;

export const changePaymentMethod = (id: string, paymentMethodId: string) =>
  postJson<Redirect>(`${base(id)}/change-payment-method`, { paymentMethodId });

export const cancelSubscription = (id: string, surveyAnswers: SurveyAnswer[]) =>
  postJson<Redirect>(`${base(id)}/withdraw`, { surveyAnswers });

export const undoCancellation = (id: string) => postJson<Redirect>(`${base(id)}/withdraw/cancel`, {});

/** The billing engine's retry of a held charge; the page then shows the subscription afresh. */
export async function reSettle(id: string) {
  const result = await postJson<{ subscriptionStatus: string }>(`${base(id)}/re-settlement`, {});
  return result.ok ? { ok: true as const, data: { redirectTo: `/mypage/subscription/${encodeURIComponent(id)}` } } : result;
}

export const paymentHistoryPage = (page: number) => getJson<PaymentHistoryPage>(`/zapi/account/payment-history/${page}`);
