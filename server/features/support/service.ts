// The support desk (issue 23 point 7, decision 0051): what a store's staff may do for a member with
// `npm run support`. Each operation is an edge (it enters the store with `inStore`, as a command
// does) and writes one row of the audit trail, refusals included, before it answers: what was read
// is shown only once it is on record. Changes go through the member's own operations (the
// subscription service's cancel and undo, the verification's queued code, the mail jobs), so the
// rules are My Page's; a refund goes through the refund service (its port below).

import { AppError } from '#domain/errors.ts';
import type { Language } from '#domain/language.ts';
import { AUTH_CODE_PURPOSES, type AuthCodePurpose } from '#domain/validation/send-pin-code.ts';
import { inStore } from '#server/db/scope.ts';
import { BILLING_RECEIPT_JOB, type BillingReceiptJob } from '#server/features/billing/mail-jobs.ts';
import { ORDER_CONFIRMATION_JOB, type OrderConfirmationJob } from '#server/features/purchase/order-mail-job.ts';
import type { SubscriptionService } from '#server/features/subscriptions/service.ts';
import type { MailQueue } from '#server/platform/mail/queue.ts';
import type { SessionAccount } from '#server/platform/sessions/repo.ts';
import { storePublicOrigin } from '#server/platform/stores/public-origin.ts';
import { jobScope, type Scope } from '#server/platform/tenancy/scope.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';
import { QUEUED_CODE_JOB, type QueuedCodeJob } from '#server/platform/verification/queued-code.ts';
import { isUuid, type MemberSummary, type SupportRepo } from './repo.ts';
import { monthRange, salesCsv } from './sales-csv.ts';

/** The refund service as the support desk calls it (built by issue 23's refund engine). */
export type RefundPort = {
  refund(
    scope: Scope,
    input: { paymentId: string; amountYen?: number; reason: string; actor: string },
  ): Promise<{ refundId: string; paymentId: string; amountYen: number; remainingYen: number }>;
};

/** Who asks, for which store: every operation's first argument. */
export type SupportCall = { storeId: string; actor: string };

/** An operation's answer: its value, or why it was refused (a code, also the audit row's result). */
export type SupportAnswer<T> = { ok: true; value: T } | { ok: false; code: string; detail?: string };

/** The refusals of the desk itself; the member's operations add their own AppError codes. */
export const SUPPORT_CODES = [
  'STORE_NOT_FOUND',
  'MEMBER_NOT_FOUND',
  'NOTHING_TO_RESEND',
  'PAYMENT_NOT_FOUND',
  'REFUND_UNAVAILABLE',
] as const;

class Refusal extends Error {
  readonly code: string;
  readonly detail: string | undefined;
  constructor(code: string, detail?: string) {
    super(code);
    this.code = code;
    this.detail = detail;
  }
}

const RECENT = 20;

export function createSupportDesk(deps: {
  repo: SupportRepo;
  storeOf: (storeId: string) => Promise<StoreContext | null>;
  subscriptions: Pick<SubscriptionService, 'cancel' | 'undo'>;
  mailQueue: Pick<MailQueue, 'enqueue' | 'kick'>;
  /** Absent until the refund service is wired: `refund` answers REFUND_UNAVAILABLE (and is audited). */
  refunds?: RefundPort;
  serverPort: number;
  clock: () => Date;
}) {
  const { repo, clock } = deps;

  /**
   * Runs one operation in the store and records it: `run` answers the value and the member it was
   * about; a Refusal (or an AppError of the member's operations) is recorded with its code.
   */
  async function audited<T>(
    call: SupportCall,
    action: string,
    params: Record<string, unknown>,
    run: (store: StoreContext, about: (m: MemberSummary | null) => void) => Promise<T>,
  ): Promise<SupportAnswer<T>> {
    const store = await deps.storeOf(call.storeId);
    if (!store) return { ok: false, code: 'STORE_NOT_FOUND' };
    return inStore(call.storeId, async () => {
      let accountId: string | null = null;
      const record = (result: string) => repo.audit({ actor: call.actor, action, accountId, params, result, at: clock() });
      try {
        const value = await run(store, (m) => {
          accountId = m?.accountId ?? null;
        });
        await record('ok');
        return { ok: true as const, value };
      } catch (err) {
        if (err instanceof Refusal || err instanceof AppError) {
          await record(err.code);
          return { ok: false as const, code: err.code, ...(err instanceof Refusal && err.detail ? { detail: err.detail } : {}) };
        }
        await record('error');
        throw err;
      }
    });
  }

  async function member(key: string, about: (m: MemberSummary | null) => void): Promise<MemberSummary> {
    const found = await repo.findMember(key);
    about(found);
    if (!found) throw new Refusal('MEMBER_NOT_FOUND', key);
    return found;
  }

  const lang = (m: MemberSummary): Language => (m.language === 'en' ? 'en' : 'ja');

  /** The scope of the member's own operations, on their behalf: the store's origin, the member's language. */
  function scopeFor(store: StoreContext, m: MemberSummary): Scope {
    return jobScope(store, { origin: storePublicOrigin(store.settings, deps.serverPort), lang: lang(m), label: 'support' });
  }

  const asSession = (m: MemberSummary, storeId: string): SessionAccount => ({
    accountId: m.accountId,
    publicId: m.publicId,
    email: m.email,
    storeId,
    language: m.language,
    signedInAt: clock(),
  });

  return {
    /** The member with this e-mail address, user ID, public ID or account id. */
    find(call: SupportCall, key: string) {
      return audited(call, 'find', { key }, (_store, about) => member(key, about));
    },

    /** The member's account, subscriptions, orders, payments, recent logins and the mails sent (never their bodies). */
    show(call: SupportCall, key: string) {
      return audited(call, 'show', { member: key }, async (_store, about) => {
        const m = await member(key, about);
        return {
          account: { ...m, profile: await repo.profile(m.accountId) },
          subscriptions: await repo.subscriptions(m.accountId),
          orders: await repo.orders(m.accountId),
          payments: await repo.payments(m.accountId),
          logins: await repo.logins(m.accountId, RECENT),
          mails: await repo.mails(m.email, RECENT),
        };
      });
    },

    /**
     * code: a new code of the last code's purpose, through the verification's queued delivery (a
     * member's address only, under its hourly cap). receipt: the last payment's mail again (the
     * order confirmation of a purchase, the receipt of a renewal). Sent by the server's mail worker.
     */
    resend(call: SupportCall, key: string, what: 'code' | 'receipt') {
      return audited(call, `resend-${what}`, { member: key }, async (_store, about) => {
        const m = await member(key, about);
        if (what === 'code') {
          const purpose = await repo.lastCodePurpose(m.email);
          if (!purpose || !(AUTH_CODE_PURPOSES as readonly string[]).includes(purpose)) throw new Refusal('NOTHING_TO_RESEND');
          const job: QueuedCodeJob = { identifier: m.email, lang: lang(m), purpose: purpose as AuthCodePurpose };
          await deps.mailQueue.enqueue(call.storeId, QUEUED_CODE_JOB, job);
          deps.mailQueue.kick();
          return { sent: 'code' as const, purpose };
        }
        const [last] = await repo.payments(m.accountId);
        if (!last) throw new Refusal('NOTHING_TO_RESEND');
        if (last.orderId) {
          const job: OrderConfirmationJob = { accountId: m.accountId, orderId: last.orderId };
          await deps.mailQueue.enqueue(call.storeId, ORDER_CONFIRMATION_JOB, job);
        } else {
          const job: BillingReceiptJob = { accountId: m.accountId, earningsId: last.paymentId };
          await deps.mailQueue.enqueue(call.storeId, BILLING_RECEIPT_JOB, job);
        }
        deps.mailQueue.kick();
        return { sent: last.orderId ? ('orderConfirmation' as const) : ('receipt' as const), paymentId: last.paymentId };
      });
    },

    /** The member's cancel request, with My Page's rules (and its mail to the member). */
    cancel(call: SupportCall, key: string, contractId: string) {
      return audited(call, 'cancel', { member: key, contract: contractId }, async (store, about) => {
        const m = await member(key, about);
        await deps.subscriptions.cancel(scopeFor(store, m), asSession(m, call.storeId), contractId, []);
        return { contractId };
      });
    },

    /** Undoes the member's cancel request, with My Page's rules (and its mail). */
    undoCancel(call: SupportCall, key: string, contractId: string) {
      return audited(call, 'undo-cancel', { member: key, contract: contractId }, async (store, about) => {
        const m = await member(key, about);
        await deps.subscriptions.undo(scopeFor(store, m), asSession(m, call.storeId), contractId);
        return { contractId };
      });
    },

    /** Refunds one of the member's payments (named by its id or its order's), fully or `amountYen`. */
    refund(call: SupportCall, key: string, target: string, opts: { amountYen?: number; reason: string }) {
      const params = { member: key, target, ...(opts.amountYen === undefined ? {} : { amountYen: opts.amountYen }), reason: opts.reason };
      return audited(call, 'refund', params, async (store, about) => {
        const m = await member(key, about);
        const payment = isUuid(target)
          ? (await repo.payments(m.accountId)).find((p) => p.paymentId === target || p.orderId === target)
          : undefined;
        if (!payment) throw new Refusal('PAYMENT_NOT_FOUND', target);
        if (!deps.refunds) throw new Refusal('REFUND_UNAVAILABLE');
        return deps.refunds.refund(scopeFor(store, m), {
          paymentId: payment.paymentId,
          ...(opts.amountYen === undefined ? {} : { amountYen: opts.amountYen }),
          reason: opts.reason,
          actor: call.actor,
        });
      });
    },

    /** A month's payments and refunds as CSV (see sales-csv.ts for the columns). */
    sales(call: SupportCall, month: string) {
      return audited(call, 'sales', { month }, async () => {
        const { from, to } = monthRange(month);
        const payments = await repo.paymentsBetween(from, to);
        const refunds = await repo.refundsBetween(from, to);
        return salesCsv(payments, refunds);
      });
    },

    /** The store's audit trail, newest first (not itself recorded: it holds no member's data beyond the keys asked). */
    async trail(storeId: string, limit = 50) {
      return inStore(storeId, () => repo.auditTrail(limit));
    },
  };
}
export type SupportDesk = ReturnType<typeof createSupportDesk>;
