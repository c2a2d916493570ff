// The member's subscriptions (member-area 2, 4; issue 10; decision 0020): the list and detail,
// the payment-method change, the cancellation with the survey and its undo. Statuses move only
// through the billing engine's transition table (passed in as `statuses`); every change is a
// conditional update on the status and settlement day read (the subscription writer's, decision
// 0041), so a second click or a billing run in between answers an error instead of changing twice.
import type { SQL } from 'drizzle-orm';
import type { ContractedSubscription } from '#domain/billing/subscription-screens.ts';
import {
  blocksWithdrawal,
  lastUndoDay,
  type Refusal,
  type SubscriptionGroup,
  usesPaymentMethod,
} from '#domain/billing/subscription-view.ts';
import { jstDay } from '#domain/commerce/order-dates.ts';
import { AppError, type ErrorCode } from '#domain/errors.ts';
import type { Language } from '#domain/language.ts';
import type { SurveyAnswer } from '#domain/validation/survey-answers.ts';
import type { MailQueue } from '#server/platform/mail/queue.ts';
import type { SessionAccount } from '#server/platform/sessions/repo.ts';
import type { Scope } from '#server/platform/tenancy/scope.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';
import { contractedView, isUsable, type StoredMethod, type SubscriptionRecord } from './view.ts';
import type { SubscriptionWriter } from './writer.ts';

/** The billing engine's rules this feature may use: a status's group and its two member events. */
export type StatusRules = {
  groupOf(status: string): SubscriptionGroup;
  /** The status after the member's cancel request or its undo; null when the table has no such move. */
  next(status: string, event: 'cancel' | 'undo'): string | null;
};

/**
 * A scalar subquery of another feature that a statement here carries (decision 0053), built once
 * with placeholders, and the values of this call (decision 0060): the statement is built once per column.
 */
export type BesideColumn = { column: SQL<unknown>; params: Record<string, unknown> };

export type SubscriptionRepo = {
  /** The member's subscriptions that have not ended, oldest first. */
  listOpen(accountId: string): Promise<SubscriptionRecord[]>;
  /**
   * The same, and in the same statement the value of `beside` (a scalar subquery of another
   * feature, e.g. the live entitlements as json): one round trip for both (decision 0053).
   */
  listOpenWith(accountId: string, beside: BesideColumn): Promise<{ records: SubscriptionRecord[]; beside: unknown }>;
  /** One of the member's subscriptions (another member's or store's: null). */
  find(accountId: string, id: string): Promise<SubscriptionRecord | null>;
  /** A registered method of the member, deleted or not. */
  method(accountId: string, methodId: string): Promise<(StoredMethod & { id: string }) | null>;
};

export const SUBSCRIPTION_MAIL_JOB = 'subscriptionMail';
export type SubscriptionMailJob = {
  kind: 'subscriptionCancelled' | 'subscriptionCancelUndone';
  to: string;
  lang: Language;
  planName: string;
  day: string;
  at: string;
  subscriptionId: string;
};

const refusalCodes: Record<'change' | 'cancel' | 'undo', Record<Refusal, ErrorCode>> = {
  change: {
    renewing: 'SUBSCRIPTION_RENEWING',
    notApplicable: 'SUBSCRIPTION_NOT_CHANGEABLE',
    tooLate: 'SUBSCRIPTION_NOT_CHANGEABLE',
    noPaymentMethod: 'SUBSCRIPTION_NOT_CHANGEABLE',
  },
  cancel: {
    renewing: 'SUBSCRIPTION_RENEWING',
    notApplicable: 'SUBSCRIPTION_CANCEL_INVALID',
    tooLate: 'SUBSCRIPTION_CANCEL_INVALID',
    noPaymentMethod: 'SUBSCRIPTION_CANCEL_INVALID',
  },
  undo: {
    renewing: 'SUBSCRIPTION_RENEWING',
    notApplicable: 'SUBSCRIPTION_UNDO_INVALID',
    tooLate: 'SUBSCRIPTION_UNDO_INVALID',
    noPaymentMethod: 'SUBSCRIPTION_UNDO_NO_PAYMENT_METHOD',
  },
};

export function createSubscriptionService(deps: {
  repo: SubscriptionRepo;
  /** The member's changes: conditional updates, true when the row still had what was read (decision 0041). */
  writer: Pick<SubscriptionWriter, 'requestCancel' | 'undoCancel' | 'changePaymentMethod'>;
  statuses: StatusRules;
  mailQueue: MailQueue;
  clock: () => Date;
}) {
  const { repo, writer, statuses, clock } = deps;

  function toView(store: StoreContext, lang: Language, r: SubscriptionRecord, now = clock()) {
    return contractedView(r, statuses.groupOf(r.status), store.settings, lang, now, jstDay(now));
  }

  async function own(accountId: string, id: string): Promise<SubscriptionRecord> {
    const found = /^[0-9a-f-]{36}$/i.test(id) ? await repo.find(accountId, id) : null;
    if (!found || statuses.groupOf(found.status) === 'cancelled') throw new AppError('SUBSCRIPTION_NOT_FOUND');
    return found;
  }

  async function mail(store: StoreContext, member: SessionAccount, lang: Language, job: Omit<SubscriptionMailJob, 'to' | 'lang' | 'at'>) {
    const payload: SubscriptionMailJob = { ...job, to: member.email, lang, at: clock().toISOString() };
    await deps.mailQueue.enqueue(store.storeId, SUBSCRIPTION_MAIL_JOB, payload);
    deps.mailQueue.kick();
  }

  const memberLang = (member: SessionAccount, fallback: Language): Language =>
    member.language === 'en' ? 'en' : member.language === 'ja' ? 'ja' : fallback;

  return {
    async list(store: StoreContext, accountId: string, lang: Language): Promise<ContractedSubscription[]> {
      const now = clock();
      const rows = await repo.listOpen(accountId);
      return rows.filter((r) => statuses.groupOf(r.status) !== 'cancelled').map((r) => toView(store, lang, r, now));
    },

    /** `list`, with the value of `beside` read in the same statement (see SubscriptionRepo.listOpenWith). */
    async listWith(
      store: StoreContext,
      accountId: string,
      lang: Language,
      beside: BesideColumn,
    ): Promise<{ contracted: ContractedSubscription[]; beside: unknown }> {
      const now = clock();
      const { records, beside: value } = await repo.listOpenWith(accountId, beside);
      const contracted = records.filter((r) => statuses.groupOf(r.status) !== 'cancelled').map((r) => toView(store, lang, r, now));
      return { contracted, beside: value };
    },

    async detail(store: StoreContext, accountId: string, id: string, lang: Language): Promise<ContractedSubscription> {
      return toView(store, lang, await own(accountId, id));
    },

    /** POST /zapi/subscription/{id}/change-payment-method: to another usable method of the member. */
    async changePaymentMethod(caller: Scope, member: SessionAccount, id: string, methodId: string) {
      const { store } = caller;
      const r = await own(member.accountId, id);
      const view = toView(store, caller.lang, r);
      if (!view.view.changePaymentMethod.allowed) throw new AppError(refusalCodes.change[view.view.changePaymentMethod.reason]);
      const method = /^[0-9a-f-]{36}$/i.test(methodId) ? await repo.method(member.accountId, methodId) : null;
      if (!method || method.deletedAt) throw new AppError('PAYMENT_METHOD_NOT_FOUND', { field: 'paymentMethodId' });
      const offered = (store.settings.paymentMethods as readonly string[]).includes(method.paymentMethodType);
      if (!offered || !isUsable(method, clock())) throw new AppError('PAYMENT_METHOD_UNUSABLE', { field: 'paymentMethodId' });
      const changed = await writer.changePaymentMethod(r.id, r, method.id);
      if (!changed) throw new AppError('SUBSCRIPTION_UPDATE_FAILED');
      return { redirectTo: `/mypage/subscription/${r.id}/payment-method/complete` };
    },

    /** POST /zapi/subscription/{id}/withdraw: the cancel request; usable until the day before the next settlement. */
    async cancel(caller: Scope, member: SessionAccount, id: string, answers: SurveyAnswer[]) {
      const { store } = caller;
      const r = await own(member.accountId, id);
      const view = toView(store, caller.lang, r);
      if (!view.view.cancel.allowed) throw new AppError(refusalCodes.cancel[view.view.cancel.reason]);
      const status = statuses.next(r.status, 'cancel');
      if (!status) throw new AppError('SUBSCRIPTION_CANCEL_INVALID');
      const usableUntil = lastUndoDay(r.nextSettlementDay);
      const changed = await writer.requestCancel(r.id, r, { status, at: clock(), answers, usableUntil });
      if (!changed) throw new AppError('SUBSCRIPTION_CANCEL_INVALID');
      await mail(store, member, memberLang(member, caller.lang), {
        kind: 'subscriptionCancelled',
        planName: view.planName,
        day: usableUntil,
        subscriptionId: r.id,
      });
      return { redirectTo: `/mypage/subscription/${r.id}/withdraw/complete?done=cancel` };
    },

    /** POST /zapi/subscription/{id}/withdraw/cancel: undo until the day before the next billing, with a payment method. */
    async undo(caller: Scope, member: SessionAccount, id: string) {
      const { store } = caller;
      const r = await own(member.accountId, id);
      const view = toView(store, caller.lang, r);
      if (!view.view.undo.allowed) {
        const { reason } = view.view.undo;
        // Nothing was cancelled: its own words, not "the period to undo has passed".
        throw new AppError(refusalCodes.undo[reason], reason === 'notApplicable' ? { message: 'subscription.undoNotCancelled' } : {});
      }
      const status = statuses.next(r.status, 'undo');
      if (!status) throw new AppError('SUBSCRIPTION_UNDO_INVALID');
      const changed = await writer.undoCancel(r.id, r, status);
      if (!changed) throw new AppError('SUBSCRIPTION_UNDO_INVALID');
      await mail(store, member, memberLang(member, caller.lang), {
        kind: 'subscriptionCancelUndone',
        planName: view.planName,
        day: r.nextSettlementDay,
        subscriptionId: r.id,
      });
      return { redirectTo: `/mypage/subscription/${r.id}/withdraw/complete?done=undo` };
    },

    /** The withdrawal's block (decisions 0014, 0020): a subscription that would renew keeps the member. */
    async blockingContract(accountId: string) {
      const open = (await repo.listOpen(accountId)).find((r) => blocksWithdrawal(statuses.groupOf(r.status)));
      return open ? { subscriptionId: open.id } : null;
    },

    /** The payment methods still needed by a subscription, a pending cancellation included (member-area 8). */
    async methodsInUse(accountId: string): Promise<ReadonlySet<string>> {
      const open = (await repo.listOpen(accountId)).filter((r) => usesPaymentMethod(statuses.groupOf(r.status)));
      return new Set(open.map((r) => r.paymentMethod));
    },
  };
}
export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
