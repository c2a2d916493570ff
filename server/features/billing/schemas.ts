import { z } from 'zod';
import { subscriptionStatuses } from '#domain/billing/subscription-status.ts';

/** The path's subscription id: a UUID (anything else is a subscription that does not exist). */
export const subscriptionIdSchema = z.uuid();

/** The answer of POST /zapi/subscription/{id}/re-settlement. */
export const reSettlementAnswerSchema = z.object({
  subscriptionId: z.string(),
  subscriptionStatus: z.enum(subscriptionStatuses),
  nextSettlementDay: z.string(),
});
export type ReSettlementAnswer = z.infer<typeof reSettlementAnswerSchema>;
