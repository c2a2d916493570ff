import { z } from 'zod';
import { reSettlementAnswerSchema } from '#domain/calls.ts';

/** The path's subscription id: a UUID (anything else is a subscription that does not exist). */
export const subscriptionIdSchema = z.uuid();

/** The answer of POST /zapi/subscription/{id}/re-settlement: the call table's (domain/calls.ts). */
export { reSettlementAnswerSchema };
export type ReSettlementAnswer = z.infer<typeof reSettlementAnswerSchema>;
