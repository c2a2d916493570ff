// The purchase calls (spec 7), one line each over call().
import { type CallAnswer, type CallBody, call } from '#client/api/call.ts';

export type PurchaseFormBody = Omit<CallBody<'POST /zapi/purchase/verify/:planId'>, 'planId'>;
export type VerifyAnswer = CallAnswer<'POST /zapi/purchase/verify/:planId'>;
export type PurchaseAnswer = CallAnswer<'POST /zapi/purchase/:planId'>;

export const verifyPurchase = (planId: string, body: PurchaseFormBody) =>
  call('POST /zapi/purchase/verify/:planId', { params: { planId }, body: { ...body, planId } });

export const purchase = (planId: string, body: CallBody<'POST /zapi/purchase/:planId'>) =>
  call('POST /zapi/purchase/:planId', { params: { planId }, body });
