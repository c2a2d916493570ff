// What the support command reads of one store, and its audit trail (decision 0051). Every query
// runs in the store the command entered (`inStore`, the edge); the audit table takes inserts only.
import { and, desc, eq, gte, isNotNull, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { accounts, authCodes, contracts, earnings, loginHistory, mailOutbox, orders, refunds, supportAudit } from '#server/db/schema.ts';
import { scopedStoreId } from '#server/db/scope.ts';
import { canonicalEmail } from '#server/platform/accounts/email.ts';

export type MemberSummary = {
  accountId: string;
  publicId: string;
  email: string;
  userId: string | null;
  language: string;
  createdAt: Date;
};

export type AuditEntry = {
  actor: string;
  action: string;
  accountId: string | null;
  params: Record<string, unknown>;
  result: string;
  at: Date;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);

const memberColumns = {
  accountId: accounts.id,
  publicId: accounts.publicId,
  email: accounts.email,
  userId: accounts.userId,
  language: accounts.language,
  createdAt: accounts.createdAt,
};

export function createSupportRepo(db: Db) {
  return {
    /** The member by e-mail address, user ID (any case), public ID or account id; null when none. */
    async findMember(key: string): Promise<MemberSummary | null> {
      const storeId = scopedStoreId();
      const where = key.includes('@')
        ? eq(accounts.email, canonicalEmail(key))
        : isUuid(key)
          ? eq(accounts.id, key)
          : sql`(lower(${accounts.userId}) = lower(${key}) or ${accounts.publicId} = ${key})`;
      const [row] = await db
        .select(memberColumns)
        .from(accounts)
        .where(and(eq(accounts.storeId, storeId), where))
        .limit(1);
      return row ?? null;
    },

    async profile(accountId: string): Promise<Record<string, unknown>> {
      const [row] = await db
        .select({ profile: accounts.profile })
        .from(accounts)
        .where(and(eq(accounts.storeId, scopedStoreId()), eq(accounts.id, accountId)));
      return (row?.profile as Record<string, unknown>) ?? {};
    },

    async subscriptions(accountId: string) {
      return db
        .select({
          contractId: contracts.id,
          planId: contracts.planId,
          status: contracts.status,
          price: contracts.price,
          nextSettlementDay: contracts.nextSettlementDay,
          usableUntil: contracts.usableUntil,
          startedAt: contracts.startedAt,
          endedAt: contracts.endedAt,
        })
        .from(contracts)
        .where(and(eq(contracts.storeId, scopedStoreId()), eq(contracts.accountId, accountId)))
        .orderBy(desc(contracts.startedAt));
    },

    async orders(accountId: string) {
      return db
        .select({
          orderId: orders.id,
          planId: orders.planId,
          planType: orders.planType,
          status: orders.status,
          billingAmount: orders.billingAmount,
          paymentMethod: orders.paymentMethod,
          createdAt: orders.createdAt,
          completedAt: orders.completedAt,
        })
        .from(orders)
        .where(and(eq(orders.storeId, scopedStoreId()), eq(orders.accountId, accountId)))
        .orderBy(desc(orders.createdAt));
    },

    async payments(accountId: string) {
      return db
        .select({
          paymentId: earnings.id,
          orderId: earnings.orderId,
          contractId: earnings.contractId,
          planId: earnings.planId,
          amountYen: earnings.billingAmount,
          paymentMethodType: earnings.paymentMethodType,
          at: earnings.createdAt,
        })
        .from(earnings)
        .where(and(eq(earnings.storeId, scopedStoreId()), eq(earnings.accountId, accountId)))
        .orderBy(desc(earnings.createdAt));
    },

    async logins(accountId: string, limit: number) {
      return db
        .select({
          at: loginHistory.createdAt,
          result: loginHistory.result,
          loginType: loginHistory.loginType,
          deviceName: loginHistory.deviceName,
          browser: loginHistory.browser,
          country: loginHistory.country,
          ip: loginHistory.ip,
        })
        .from(loginHistory)
        .where(and(eq(loginHistory.storeId, scopedStoreId()), eq(loginHistory.accountId, accountId)))
        .orderBy(desc(loginHistory.createdAt))
        .limit(limit);
    },

    /** The mails sent to the address: kind, subject and times only (a body may hold a code or a link). */
    async mails(email: string, limit: number) {
      return db
        .select({ kind: mailOutbox.kind, subject: mailOutbox.subject, createdAt: mailOutbox.createdAt, sentAt: mailOutbox.sentAt })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.storeId, scopedStoreId()), eq(mailOutbox.to, email)))
        .orderBy(desc(mailOutbox.createdAt))
        .limit(limit);
    },

    /** The purpose of the last code issued for the address, or null. */
    async lastCodePurpose(email: string): Promise<string | null> {
      const [row] = await db
        .select({ purpose: authCodes.purpose })
        .from(authCodes)
        .where(and(eq(authCodes.storeId, scopedStoreId()), eq(authCodes.email, canonicalEmail(email))))
        .orderBy(desc(authCodes.createdAt))
        .limit(1);
      return row?.purpose ?? null;
    },

    /** The payments of a month (from inclusive, to exclusive), oldest first, with the member's public id. */
    async paymentsBetween(from: Date, to: Date) {
      const storeId = scopedStoreId();
      return db
        .select({
          paymentId: earnings.id,
          orderId: earnings.orderId,
          contractId: earnings.contractId,
          publicId: accounts.publicId,
          planId: earnings.planId,
          planName: earnings.planName,
          paymentMethodType: earnings.paymentMethodType,
          amountYen: earnings.billingAmount,
          taxRate: earnings.taxRate,
          taxYen: earnings.taxAmount,
          at: earnings.createdAt,
        })
        .from(earnings)
        .innerJoin(accounts, and(eq(accounts.storeId, earnings.storeId), eq(accounts.id, earnings.accountId)))
        .where(
          and(
            eq(earnings.storeId, storeId),
            gte(earnings.createdAt, from),
            lt(earnings.createdAt, to),
            // A refund's negative earnings row is listed as the refund (refundsBetween), not as a sale.
            notInArray(
              earnings.id,
              db
                .select({ id: sql`${refunds.refundEarningsId}` })
                .from(refunds)
                .where(and(eq(refunds.storeId, storeId), isNotNull(refunds.refundEarningsId))),
            ),
          ),
        )
        .orderBy(earnings.createdAt, earnings.id);
    },

    /** The refunds completed in [from, to), with the payment they return (decision 0052). */
    async refundsBetween(from: Date, to: Date) {
      const storeId = scopedStoreId();
      const rows = await db
        .select({
          refundId: refunds.id,
          paymentId: earnings.id,
          orderId: earnings.orderId,
          contractId: earnings.contractId,
          publicId: accounts.publicId,
          planId: earnings.planId,
          planName: earnings.planName,
          paymentMethodType: earnings.paymentMethodType,
          amountYen: refunds.amount,
          at: refunds.completedAt,
        })
        .from(refunds)
        .innerJoin(earnings, and(eq(earnings.storeId, refunds.storeId), eq(earnings.id, refunds.earningsId)))
        .innerJoin(accounts, and(eq(accounts.storeId, refunds.storeId), eq(accounts.id, refunds.accountId)))
        .where(and(eq(refunds.storeId, storeId), eq(refunds.status, 'done'), gte(refunds.completedAt, from), lt(refunds.completedAt, to)))
        .orderBy(refunds.completedAt, refunds.id);
      return rows.map((r) => ({ ...r, at: r.at as Date }));
    },

    async audit(entry: Omit<AuditEntry, 'at'> & { at: Date }): Promise<void> {
      await db.insert(supportAudit).values({ storeId: scopedStoreId(), ...entry });
    },

    /** The store's audit trail, newest first. */
    async auditTrail(limit: number): Promise<AuditEntry[]> {
      const rows = await db
        .select({
          actor: supportAudit.actor,
          action: supportAudit.action,
          accountId: supportAudit.accountId,
          params: supportAudit.params,
          result: supportAudit.result,
          at: supportAudit.at,
        })
        .from(supportAudit)
        .where(eq(supportAudit.storeId, scopedStoreId()))
        .orderBy(desc(supportAudit.at))
        .limit(limit);
      return rows.map((r) => ({ ...r, params: r.params as Record<string, unknown> }));
    },
  };
}
export type SupportRepo = ReturnType<typeof createSupportRepo>;
