// SQL of the member's subscriptions (contracts, with the order's campaign end and the payment
// method joined): reads only, the changes are the subscription writer's (decision 0041). Every
// query runs in the store's scope and names the member, so another member's or another store's
// subscription is simply not found.
import { and, eq, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { jstDay } from '#domain/commerce/order-dates.ts';
import type { Db } from '#server/db/client.ts';
import { accountPaymentMethods, contracts, orders } from '#server/db/schema.ts';
import { scopedStoreId } from '#server/db/scope.ts';
import type { SubscriptionRepo } from './service.ts';
import type { SubscriptionRecord } from './view.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The columns of a contract and its payment method that a SubscriptionRecord holds, and no other
 * (decision 0060): every column of an answer is described and parsed per request (PGlite does it
 * in JavaScript), and the survey answers, retry and billing bookkeeping are never shown.
 */
const contractColumns = {
  id: contracts.id,
  accountId: contracts.accountId,
  planId: contracts.planId,
  status: contracts.status,
  price: contracts.price,
  campaignId: contracts.campaignId,
  campaignPrice: contracts.campaignPrice,
  campaignPaymentsLeft: contracts.campaignPaymentsLeft,
  paymentMethod: contracts.paymentMethod,
  nextSettlementDay: contracts.nextSettlementDay,
  startedAt: contracts.startedAt,
  usableUntil: contracts.usableUntil,
  trialEndsOn: contracts.trialEndsOn,
  firstPaymentDay: contracts.firstPaymentDay,
};
const methodColumns = {
  id: accountPaymentMethods.id,
  paymentMethodType: accountPaymentMethods.paymentMethodType,
  cardBrand: accountPaymentMethods.cardBrand,
  last4: accountPaymentMethods.last4,
  expireDate: accountPaymentMethods.expireDate,
  label: accountPaymentMethods.label,
  deletedAt: accountPaymentMethods.deletedAt,
};

export function createSubscriptionRepo(db: Db): SubscriptionRepo {
  const select = (storeId: string | Placeholder, accountId: string | Placeholder, id?: string) =>
    db
      .select({
        c: contractColumns,
        campaignEndDate: sql<string | null>`${orders.computation}->>'campaignEndDate'`,
        orderFirstPaymentDay: sql<string | null>`${orders.computation}->>'firstPaymentDay'`,
        m: methodColumns,
      })
      .from(contracts)
      .leftJoin(orders, and(eq(orders.storeId, contracts.storeId), eq(orders.id, contracts.orderId)))
      .leftJoin(
        accountPaymentMethods,
        and(
          eq(accountPaymentMethods.storeId, contracts.storeId),
          eq(accountPaymentMethods.accountId, contracts.accountId),
          sql`${accountPaymentMethods.id}::text = ${contracts.paymentMethod}`,
        ),
      )
      .where(
        and(
          eq(contracts.storeId, storeId),
          eq(contracts.accountId, accountId),
          isNull(contracts.endedAt),
          id ? eq(contracts.id, id) : undefined,
        ),
      )
      .orderBy(contracts.startedAt);

  /**
   * The open contracts as `select` reads them, from a one-row source so that the statement answers
   * one row even without a contract, each row carrying `beside` (a scalar subquery, evaluated once).
   * Built once per column (decision 0060), with placeholders for the store and the member.
   */
  const selectWith = (beside: SQL<unknown>) =>
    db
      .select({
        c: contractColumns,
        campaignEndDate: sql<string | null>`${orders.computation}->>'campaignEndDate'`,
        orderFirstPaymentDay: sql<string | null>`${orders.computation}->>'firstPaymentDay'`,
        m: methodColumns,
        beside: sql<unknown>`${beside}`.as('beside'),
      })
      .from(sql`(select 1) as one`)
      .leftJoin(
        contracts,
        and(
          eq(contracts.storeId, sql.placeholder('storeId')),
          eq(contracts.accountId, sql.placeholder('accountId')),
          isNull(contracts.endedAt),
        ),
      )
      .leftJoin(orders, and(eq(orders.storeId, contracts.storeId), eq(orders.id, contracts.orderId)))
      .leftJoin(
        accountPaymentMethods,
        and(
          eq(accountPaymentMethods.storeId, contracts.storeId),
          eq(accountPaymentMethods.accountId, contracts.accountId),
          sql`${accountPaymentMethods.id}::text = ${contracts.paymentMethod}`,
        ),
      )
      .orderBy(contracts.startedAt)
      .prepare('contracts_open_with');
  const preparedWith = new WeakMap<SQL<unknown>, ReturnType<typeof selectWith>>();
  // listOpen's statement (the plans page, the purchase form), built once (decision 0060).
  const openOnly = select(sql.placeholder('storeId'), sql.placeholder('accountId')).prepare('contracts_open');

  type Row = Awaited<ReturnType<typeof select>>[number];
  const record = ({ c, m, campaignEndDate, orderFirstPaymentDay }: Row): SubscriptionRecord => ({
    id: c.id,
    accountId: c.accountId,
    planId: c.planId,
    status: c.status,
    price: c.price,
    campaignId: c.campaignId,
    campaignPrice: c.campaignPrice,
    campaignPaymentsLeft: c.campaignPaymentsLeft,
    paymentMethod: c.paymentMethod,
    nextSettlementDay: c.nextSettlementDay,
    startedDay: jstDay(c.startedAt),
    usableUntil: c.usableUntil,
    trialEndsOn: c.trialEndsOn,
    firstPaymentDay: c.firstPaymentDay ?? orderFirstPaymentDay,
    campaignEndDate: campaignEndDate ? campaignEndDate.slice(0, 10) : null,
    method: m
      ? {
          paymentMethodType: m.paymentMethodType,
          cardBrand: m.cardBrand,
          last4: m.last4,
          expireDate: m.expireDate,
          label: m.label,
          deletedAt: m.deletedAt,
        }
      : null,
  });

  return {
    async listOpen(accountId) {
      return (await openOnly.execute({ storeId: scopedStoreId(), accountId })).map(record);
    },
    async listOpenWith(accountId, beside) {
      let statement = preparedWith.get(beside.column);
      if (!statement) {
        statement = selectWith(beside.column);
        preparedWith.set(beside.column, statement);
      }
      const rows = await statement.execute({ ...beside.params, storeId: scopedStoreId(), accountId });
      const records = rows.flatMap(({ c, m, campaignEndDate, orderFirstPaymentDay }) =>
        c ? [record({ c, m, campaignEndDate, orderFirstPaymentDay })] : [],
      );
      return { records, beside: rows[0]?.beside ?? null };
    },
    async find(accountId, id) {
      if (!UUID.test(id)) return null;
      const [row] = await select(scopedStoreId(), accountId, id);
      return row ? record(row) : null;
    },
    async method(accountId, methodId) {
      if (!UUID.test(methodId)) return null;
      const [m] = await db
        .select()
        .from(accountPaymentMethods)
        .where(
          and(
            eq(accountPaymentMethods.storeId, scopedStoreId()),
            eq(accountPaymentMethods.accountId, accountId),
            eq(accountPaymentMethods.id, methodId),
          ),
        );
      return m
        ? {
            id: m.id,
            paymentMethodType: m.paymentMethodType,
            cardBrand: m.cardBrand,
            last4: m.last4,
            expireDate: m.expireDate,
            label: m.label,
            deletedAt: m.deletedAt,
          }
        : null;
    },
  };
}
