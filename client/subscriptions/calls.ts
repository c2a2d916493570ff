// The subscription calls of member-area 7 and the payment history's pages, one line each over call().
import { call } from '#client/api/call.ts';
import type { SurveyAnswer } from '#domain/validation/survey-answers.ts';

export const changePaymentMethod = (id: string, paymentMethodId: string) =>
  call('POST /zapi/subscription/:id/change-payment-method', { params: { id }, body: { paymentMethodId } });

export const cancelSubscription = (id: string, surveyAnswers: SurveyAnswer[]) =>
  call('POST /zapi/subscription/:id/withdraw', { params: { id }, body: { surveyAnswers } });

export const undoCancellation = (id: string) => call('POST /zapi/subscription/:id/withdraw/cancel', { params: { id } });

/**
 * The billing engine's retry of a held charge; the page then shows the subscription afresh, or the
 * browser goes to the card's 3-D Secure challenge first (its return comes back to the subscription).
 */
export async function reSettle(id: string) {
  const result = await call('POST /zapi/subscription/:id/re-settlement', { params: { id } });
  if (!result.ok) return result;
  if ('providerRedirect' in result.data) return { ok: true as const, data: result.data };
  return { ok: true as const, data: { redirectTo: `/mypage/subscription/${encodeURIComponent(id)}` } };
}

export const paymentHistoryPage = (page: number) => call('GET /zapi/account/payment-history/:page', { params: { page: String(page) } });
