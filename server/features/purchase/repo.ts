// SQL of purchases (decision 0017): purchase tokens, orders, the stock of plan_sales, entitlements
// and the one free trial (payment methods are the payment-methods feature's; the contract a
// subscription order opens is written by the subscription writer, decision 0041). Every query runs in
// the store of the database scope the edge entered (`scopedStoreId`, decision 0040).
import { and, count, eq, gt, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors.ts';
import type { Db } from '#server/db/client.ts';
import { accounts, contracts, entitlements, freeTrialUsages, orders, planSales, purchaseTokens } from '#server/db/schema.ts';
import { acrossStores, scopedStoreId } from '#server/db/scope.ts';
import type { SubscriptionWriter } from '#server/features/subscriptions/writer.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type TokenRow = typeof purchaseTokens.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

/** What a member holds of a plan, for the contract limits. */
export type Holdings = { activeContracts: number; everContracted: boolean; completedPurchases: number; liveRentals: number };

/** `subscriptions`: opens the contract of a subscription order, inside the order's completion. */
/** An order still open: created, waiting for 3-D Secure, or at a provider's page. */
const OPEN_STATUSES = ['pending', 'challenge', 'redirect'];

export function createPurchaseRepo(db: Db, subscriptions: Pick<SubscriptionWriter, 'open'>) {
  /** The one row of `table` in the store that `where` picks (a unique column), or null. */
  async function one<T extends typeof purchaseTokens | typeof orders>(table: T, where: SQL): Promise<T['$inferSelect'] | null> {
    const storeId = scopedStoreId();
    const [row] = await db
      .select()
      .from(table as typeof orders)
      .where(and(eq(table.storeId, storeId), where));
    return (row as T['$inferSelect'] | undefined) ?? null;
  }

  return {
    async freeTrialUsed(accountId: string): Promise<boolean> {
      const storeId = scopedStoreId();
      const [row] = await db
        .select({ n: count() })
        .from(freeTrialUsages)
        .where(and(eq(freeTrialUsages.storeId, storeId), eq(freeTrialUsages.accountId, accountId)));
      return (row?.n ?? 0) > 0;
    },
    async holdings(accountId: string, planId: string, now: Date, tx?: Tx): Promise<Holdings> {
      const storeId = scopedStoreId();
      const run = async (q: Db | Tx) => {
        const mine = (t: typeof contracts | typeof entitlements | typeof orders) =>
          and(eq(t.storeId, storeId), eq(t.accountId, accountId), eq(t.planId, planId));
        const [c] = await q
          .select({ active: sql<number>`count(*) filter (where ${contracts.endedAt} is null)::int`, ever: sql<number>`count(*)::int` })
          .from(contracts)
          .where(mine(contracts));
        const [o] = await q
          .select({ n: count() })
          .from(orders)
          .where(and(mine(orders), eq(orders.status, 'completed')));
        const [e] = await q
          .select({ n: count() })
          .from(entitlements)
          .where(and(mine(entitlements), isNull(entitlements.revokedAt), gt(entitlements.expiresAt, now)));
        return {
          activeContracts: c?.active ?? 0,
          everContracted: (c?.ever ?? 0) > 0,
          completedPurchases: o?.n ?? 0,
          liveRentals: e?.n ?? 0,
        };
      };
      return run(tx ?? db);
    },
    /**
     * What the member holds of every plan, in one statement (the plan list's contract limits,
     * decision 0044): the same counts as `holdings` per plan; a plan absent from the map holds nothing.
     */
    async holdingsByPlan(accountId: string, now: Date): Promise<Map<string, Holdings>> {
      const storeId = scopedStoreId();
      const result =
        await db.execute(sql`select plan_id, sum(active)::int as active, sum(ever)::int as ever, sum(completed)::int as completed, sum(live)::int as live from (
          select ${contracts.planId} as plan_id, count(*) filter (where ${contracts.endedAt} is null) as active, count(*) as ever, 0 as completed, 0 as live
            from ${contracts} where ${contracts.storeId} = ${storeId} and ${contracts.accountId} = ${accountId} group by 1
          union all
          select ${orders.planId}, 0, 0, count(*), 0
            from ${orders} where ${orders.storeId} = ${storeId} and ${orders.accountId} = ${accountId} and ${orders.status} = 'completed' group by 1
          union all
          select ${entitlements.planId}, 0, 0, 0, count(*)
            from ${entitlements} where ${entitlements.storeId} = ${storeId} and ${entitlements.accountId} = ${accountId}
              and ${entitlements.revokedAt} is null and ${entitlements.expiresAt} > ${now} group by 1
        ) h group by plan_id`);
      const rows = (
        result as unknown as { rows: Array<{ plan_id: string; active: number; ever: number; completed: number; live: number }> }
      ).rows;
      return new Map(
        rows.map((r) => [
          r.plan_id,
          { activeContracts: r.active, everContracted: r.ever > 0, completedPurchases: r.completed, liveRentals: r.live },
        ]),
      );
    },
    /** Orders the member started since `since` (the too-frequent check), oldest first. */
    async ordersSince(accountId: string, since: Date): Promise<Date[]> {
      const storeId = scopedStoreId();
      const rows = await db
        .select({ at: orders.createdAt })
        .from(orders)
        .where(and(eq(orders.storeId, storeId), eq(orders.accountId, accountId), gte(orders.createdAt, since)))
        .orderBy(orders.createdAt);
      return rows.map((r) => r.at);
    },
    /** A completed order of this plan since `since` (the duplicate-billing check). */
    async recentCompleted(accountId: string, planId: string, since: Date, tx: Tx): Promise<boolean> {
      const storeId = scopedStoreId();
      const [row] = await tx
        .select({ n: count() })
        .from(orders)
        .where(
          and(
            eq(orders.storeId, storeId),
            eq(orders.accountId, accountId),
            eq(orders.planId, planId),
            eq(orders.status, 'completed'),
            gte(orders.completedAt, since),
          ),
        );
      return (row?.n ?? 0) > 0;
    },
    async insertToken(values: Omit<typeof purchaseTokens.$inferInsert, 'storeId'>): Promise<TokenRow> {
      const [row] = await db
        .insert(purchaseTokens)
        .values({ ...values, storeId: scopedStoreId() })
        .returning();
      if (!row) throw new Error('purchase token not stored');
      return row;
    },
    tokenByHash: (tokenHash: string) => one(purchaseTokens, eq(purchaseTokens.tokenHash, tokenHash)),
    orderByToken: (tokenId: string) => one(orders, eq(orders.tokenId, tokenId)),
    async order(id: string): Promise<OrderRow | null> {
      return /^[0-9a-f-]{36}$/i.test(id) ? one(orders, eq(orders.id, id)) : null;
    },
    orderByRedirectRef: (redirectRef: string) => one(orders, eq(orders.redirectRef, redirectRef)),
    /** An order of the store waiting at the provider's page whose reference is one of `refs`, or null. */
    openRedirectOrderByRefs: (refs: string[]) =>
      refs.length === 0 ? Promise.resolve(null) : one(orders, and(eq(orders.status, 'redirect'), inArray(orders.redirectRef, refs)) as SQL),
    /** The member's order whose provider reference is one of `refs` (a return seen again), or null. */
    memberOrderByRedirectRefs: (accountId: string, refs: string[]) =>
      refs.length === 0
        ? Promise.resolve(null)
        : one(orders, and(eq(orders.accountId, accountId), inArray(orders.redirectRef, refs)) as SQL),
    /**
     * Opens the purchase in one transaction: the member's row locked (their purchases queue up),
     * the token consumed, `check` run on what the member holds, one unit of stock taken
     * (a conditional update: never beyond the limit, whatever runs at the same time; sold out is
     * PLAN_NOT_PURCHASABLE), the order inserted as pending. `check` throws to refuse; everything is then rolled back.
     */
    async open(input: {
      token: TokenRow;
      planType: string;
      salesLimit: number | null;
      now: Date;
      check: (h: Holdings, recentDuplicate: (since: Date) => Promise<boolean>) => Promise<void>;
    }): Promise<OrderRow | 'consumed'> {
      const { token } = input;
      const storeId = scopedStoreId();
      return db.transaction(async (tx) => {
        await tx
          .select({ id: accounts.id })
          .from(accounts)
          .where(and(eq(accounts.storeId, storeId), eq(accounts.id, token.accountId)))
          .for('update');
        const consumed = await tx
          .update(purchaseTokens)
          .set({ consumedAt: input.now })
          .where(and(eq(purchaseTokens.storeId, storeId), eq(purchaseTokens.id, token.id), isNull(purchaseTokens.consumedAt)))
          .returning({ id: purchaseTokens.id });
        if (consumed.length === 0) return 'consumed' as const;
        const holdings = await this.holdings(token.accountId, token.planId, input.now, tx);
        await input.check(holdings, (since) => this.recentCompleted(token.accountId, token.planId, since, tx));
        await tx.insert(planSales).values({ storeId, planId: token.planId, salesCount: 0 }).onConflictDoNothing();
        const taken = await tx
          .update(planSales)
          .set({ salesCount: sql`${planSales.salesCount} + 1` })
          .where(
            and(
              eq(planSales.storeId, storeId),
              eq(planSales.planId, token.planId),
              input.salesLimit === null ? undefined : sql`${planSales.salesCount} < ${input.salesLimit}`,
            ),
          )
          .returning({ n: planSales.salesCount });
        // Sold out: the error rolls the token and everything else back.
        if (taken.length === 0) throw new AppError('PLAN_NOT_PURCHASABLE');
        const [order] = await tx
          .insert(orders)
          .values({
            storeId,
            accountId: token.accountId,
            tokenId: token.id,
            planId: token.planId,
            planType: input.planType,
            paymentMethod: token.paymentMethod,
            campaignId: token.campaignId,
            chargeAmount: token.chargeNow,
            billingAmount: token.billingAmount,
            status: 'pending',
            computation: token.computation,
            surveyAnswers: token.surveyAnswers,
            createdAt: input.now,
          })
          .returning();
        if (!order) throw new Error('order not stored');
        return order;
      });
    },
    /** Every store's orders still open that were started before `before` (housekeeping), oldest first. */
    async staleOrders(before: Date, limit = 200): Promise<OrderRow[]> {
      return acrossStores(() =>
        db
          .select()
          .from(orders)
          .where(and(inArray(orders.status, OPEN_STATUSES), lt(orders.createdAt, before)))
          .orderBy(orders.createdAt)
          .limit(limit),
      );
    },
    /** Records a provider step of a pending order (authorisation, a challenge or redirect under way). */
    async mark(orderId: string, set: Partial<Pick<OrderRow, 'status' | 'authorizationRef' | 'redirectRef' | 'paymentMethod'>>) {
      const storeId = scopedStoreId();
      await db
        .update(orders)
        .set(set)
        .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
    },
    /** Fails an open order and gives its unit of stock back; false when it was no longer open. */
    async fail(orderId: string, failureCode: string): Promise<boolean> {
      const storeId = scopedStoreId();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(orders)
          .set({ status: 'failed', failureCode })
          .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId), inArray(orders.status, OPEN_STATUSES)))
          .returning();
        if (!row) return false;
        await tx
          .update(planSales)
          .set({ salesCount: sql`greatest(${planSales.salesCount} - 1, 0)` })
          .where(and(eq(planSales.storeId, storeId), eq(planSales.planId, row.planId)));
        return true;
      });
    },
    /**
     * Completes an open order once: the order, then the contract (subscriptions), the entitlement,
     * the free trial. A second completion (a double click, a replayed return) finds it done and
     * changes nothing; the answer says which happened.
     */
    async complete(input: {
      orderId: string;
      chargeRef: string | null;
      now: Date;
      contract: Omit<typeof contracts.$inferInsert, 'storeId' | 'orderId' | 'accountId' | 'planId'> | null;
      entitlementEnd: Date | null;
      usesFreeTrial: boolean;
    }): Promise<{ order: OrderRow; completedNow: boolean }> {
      const { orderId, now } = input;
      const storeId = scopedStoreId();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(orders)
          .set({ status: 'completed', chargeRef: input.chargeRef, completedAt: now })
          .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId), inArray(orders.status, OPEN_STATUSES)))
          .returning();
        if (!row) {
          const [existing] = await tx
            .select()
            .from(orders)
            .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
          if (!existing) throw new Error('order vanished');
          return { order: existing, completedNow: false };
        }
        const owner = { storeId, accountId: row.accountId, planId: row.planId, orderId: row.id };
        let contractId: string | null = null;
        if (input.contract) {
          const { accountId, planId, orderId } = owner;
          contractId = await subscriptions.open(tx, { accountId, planId, orderId, ...input.contract, startedAt: now });
        }
        await tx.insert(entitlements).values({ ...owner, contractId, startsAt: now, expiresAt: input.entitlementEnd });
        if (input.usesFreeTrial)
          await tx
            .insert(freeTrialUsages)
            .values({ ...owner, usedAt: now })
            .onConflictDoNothing();
        return { order: row, completedNow: true };
      });
    },
  };
}
export type PurchaseRepo = ReturnType<typeof createPurchaseRepo>;
