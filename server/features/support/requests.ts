// The support command's requests (decision 0051), one shape wherever the desk runs: in the command's
// own process (PostgreSQL, or a data folder no server holds) or in the running embedded server,
// asked over its admin door (admin-routes.ts, decision 0029). Checked here in both places.
import { z } from 'zod';
import { isMonth } from './sales-csv.ts';
import type { SupportAnswer, SupportDesk } from './service.ts';

const member = z.string().trim().min(1).max(320);
const id = z.string().trim().min(1).max(100);
/** Whose store and who asks: part of every request. */
const who = { storeId: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/), actor: z.string().trim().min(1).max(200) };

export const supportRequestSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('find'), member, ...who }).strict(),
  z.object({ op: z.literal('show'), member, ...who }).strict(),
  z.object({ op: z.literal('resend'), member, what: z.enum(['code', 'receipt']), ...who }).strict(),
  z.object({ op: z.literal('cancel'), member, contract: id, ...who }).strict(),
  z.object({ op: z.literal('undo-cancel'), member, contract: id, ...who }).strict(),
  z
    .object({
      op: z.literal('refund'),
      member,
      target: id,
      amountYen: z.number().int().min(1).max(10_000_000).optional(),
      reason: z.string().trim().min(1).max(500),
      ...who,
    })
    .strict(),
  z.object({ op: z.literal('sales'), month: z.string().refine(isMonth, 'a month is YYYY-MM'), ...who }).strict(),
]);
export type SupportRequest = z.infer<typeof supportRequestSchema>;
/** What the staff asks, without whose store and who asks. */
export type SupportOp = SupportRequest extends infer R ? (R extends SupportRequest ? Omit<R, 'storeId' | 'actor'> : never) : never;

/** Runs one request on the desk. The answer is plain JSON (times as ISO strings), as the door sends it. */
export async function perform(desk: SupportDesk, request: SupportRequest): Promise<SupportAnswer<unknown>> {
  const call = { storeId: request.storeId, actor: request.actor };
  const answer = await (async (): Promise<SupportAnswer<unknown>> => {
    switch (request.op) {
      case 'find':
        return desk.find(call, request.member);
      case 'show':
        return desk.show(call, request.member);
      case 'resend':
        return desk.resend(call, request.member, request.what);
      case 'cancel':
        return desk.cancel(call, request.member, request.contract);
      case 'undo-cancel':
        return desk.undoCancel(call, request.member, request.contract);
      case 'refund':
        return desk.refund(call, request.member, request.target, { amountYen: request.amountYen, reason: request.reason });
      case 'sales':
        return desk.sales(call, request.month);
    }
  })();
  return JSON.parse(JSON.stringify(answer)) as SupportAnswer<unknown>;
}
