// The purchase flow (spec: public area 4 "Purchase", 7, 8; decision 0017): check the form, verify
// (the order computation and a purchase token), buy with the token through the payment gateway,
// finish a 3-D Secure challenge or a redirect payment when the viewer comes back.
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Plan } from '#config-schema/plans.ts';
import type { PaymentMethodType } from '#config-schema/store-settings.ts';
import { contractTermsOf } from '#domain/billing/contract-terms.ts';
import { type CampaignRefusal, campaignIdOf, resolveCampaign } from '#domain/commerce/campaign.ts';
import { computeOrder, type OrderComputation, type OrderVerification, verificationOf } from '#domain/commerce/order.ts';
import { CAMPAIGN_CODE_METHOD } from '#domain/commerce/payment-choice.ts';
import { REDIRECT_METHOD_TYPES } from '#domain/commerce/payment-method-types.ts';
import type { AccountPaymentMethod } from '#domain/commerce/payment-methods.ts';
import type { PurchaseForm } from '#domain/commerce/purchase-input.ts';
import { contractRefusal, salesRefusal } from '#domain/commerce/purchase-limits.ts';
import { AppError } from '#domain/errors.ts';
import type { Language } from '#domain/language.ts';
import { planOf } from '#domain/plans.ts';
import { surveyAnswersSchema } from '#domain/validation/survey-answers.ts';
import { inStore } from '#server/db/scope.ts';
import type { PaymentMethodService, UsableMethod } from '#server/features/payment-methods/service.ts';
import type { SubscriptionWriter } from '#server/features/subscriptions/writer.ts';
import { parseInput } from '#server/platform/http/input.ts';
import type { MailQueue } from '#server/platform/mail/queue.ts';
import type { GatewayFailure, PaymentGateway, ProviderRedirect, RedirectResult } from '#server/platform/payments/gateway.ts';
import type { StoreRepo } from '#server/platform/stores/repo.ts';
import type { Scope } from '#server/platform/tenancy/scope.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';
import { ORDER_CONFIRMATION_JOB, type OrderConfirmationJob } from './order-mail.ts';
import type { OrderRow, PurchaseRepo, TokenRow } from './repo.ts';

/** A purchase token lives this long: enough to read the confirmation, short enough not to linger. */
export const PURCHASE_TOKEN_TTL_MS = 30 * 60 * 1000;
/**
 * An order still open this long after it started is settled by housekeeping: its token died long
 * ago (30 minutes) and the provider's challenge or redirect with it; the margin covers a viewer
 * coming back late from the provider's page.
 */
export const STALE_ORDER_AFTER_MS = PURCHASE_TOKEN_TTL_MS + 15 * 60 * 1000;
/** At most this many purchases per member per window (PURCHASE_TOO_FREQUENT beyond). */
export const PURCHASE_RATE = { max: 5, windowMs: 60 * 1000 };
/** A second completed purchase of the same plan this soon is refused as duplicate billing. */
export const DUPLICATE_WINDOW_MS = 2 * 60 * 1000;

export const hashPurchaseToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export type PurchaseAnswer = { redirectTo: string } | { redirectTo: string; providerRedirect: ProviderRedirect };

export type VerifyAnswer = OrderVerification & { purchaseToken: string; redirectTo: string };

/**
 * How the order is paid: nothing to charge, a stored card or agreement, a one-time redirect (a
 * purchase or rental), or a subscription's agreement registered on the provider's page and then
 * charged like a stored one (decision 0048).
 */
type Payment =
  | { kind: 'campaign' }
  | { kind: 'stored'; method: UsableMethod }
  | { kind: 'redirect'; type: PaymentMethodType }
  | { kind: 'register'; type: PaymentMethodType };

export const completePath = (planId: string, orderId: string) => `/plans/${planId}/complete?orderId=${orderId}`;
export const confirmPath = (planId: string, token: string) => `/plans/${planId}/confirm?token=${encodeURIComponent(token)}`;

const campaignErrors: Record<CampaignRefusal, () => AppError> = {
  codeRequired: () => new AppError('VALIDATION_FAILED', { fields: { campaignCode: 'campaignCode.required' } }),
  codeInvalidChars: () => new AppError('VALIDATION_FAILED', { fields: { campaignCode: 'campaignCode.invalidChars' } }),
  codeUnknown: () => new AppError('INVALID_CAMPAIGN_CODE', { field: 'campaignCode', message: 'campaign.invalid' }),
  notApplicable: () => new AppError('CAMPAIGN_NOT_APPLICABLE', { field: 'campaignCode', message: 'campaign.notApplicable' }),
  freeTrialUsed: () => new AppError('CAMPAIGN_NOT_APPLICABLE', { field: 'campaignCode', message: 'campaign.freeTrialUsed' }),
  notFullDiscount: () => new AppError('CAMPAIGN_NOT_FULL_DISCOUNT', { field: 'campaignCode', message: 'campaign.notFullDiscount' }),
};

function gatewayError(f: GatewayFailure): AppError {
  switch (f.kind) {
    case 'unavailable':
      return new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
    case 'invalid_token':
      return new AppError('CARD_REGISTRATION_FAILED');
    default:
      return new AppError('PAYMENT_DECLINED');
  }
}

/** A return's values, each a possible provider reference (whatever the provider calls the field). */
const returnValues = (params: Record<string, string>) =>
  [...new Set(Object.values(params))].filter((v) => v.length > 0 && v.length <= 200).slice(0, 32);

export type PurchaseDeps = {
  repo: PurchaseRepo;
  storeRepo: StoreRepo;
  gateway: PaymentGateway;
  /** The payment-methods feature: which stored method may pay, and the member's customer at the provider. */
  methods: Pick<PaymentMethodService, 'usableMethod' | 'customerRefOf' | 'ensureCustomerRef' | 'keepAgreement' | 'list'>;
  clock: () => Date;
  /** Records the first charge as earnings (the subscription writer, decision 0041). */
  earnings: Pick<SubscriptionWriter, 'recordPurchaseEarning'>;
  /** Records the order confirmation mail of a completed order (decision 0045); absent: none sent. */
  mailQueue?: Pick<MailQueue, 'enqueue' | 'kick'>;
};

export function createPurchaseService(deps: PurchaseDeps) {
  const { repo, gateway, clock } = deps;

  /** A plan of this store whose pages a member may open (not hidden), on sale or not. */
  function shownPlanOf(store: StoreContext, planId: string): Plan {
    const plan = planOf(store.settings, planId);
    if (!plan?.visible) throw new AppError('NOT_FOUND');
    return plan;
  }

  /** The plan a member may open the purchase form of and buy: shown, and not retired (decision 0038). */
  function purchasablePlanOf(store: StoreContext, planId: string): Plan {
    const plan = shownPlanOf(store, planId);
    if (!plan.onSale) throw new AppError('PLAN_NOT_PURCHASABLE');
    return plan;
  }

  async function assertPurchasable(plan: Plan, accountId: string, now: Date) {
    const counts = await deps.storeRepo.salesCounts();
    if (salesRefusal(plan, counts.get(plan.planId) ?? 0, now)) throw new AppError('PLAN_NOT_PURCHASABLE');
    const refusal = contractRefusal(plan, await repo.holdings(accountId, plan.planId, now));
    if (refusal) throw new AppError(refusal);
  }

  async function paymentOf(store: StoreContext, accountId: string, plan: Plan, id: string): Promise<Payment> {
    const offered = store.settings.paymentMethods;
    if (id === '') throw new AppError('PAYMENT_METHOD_NOT_SELECTED', { field: 'paymentMethodId', message: 'purchase.methodNotSelected' });
    if (id === CAMPAIGN_CODE_METHOD) {
      if (!offered.includes('CampaignCode'))
        throw new AppError('PAYMENT_METHOD_NOT_SELECTED', { field: 'paymentMethodId', message: 'purchase.methodNotSelected' });
      return { kind: 'campaign' };
    }
    const asType = offered.find((t) => t === id);
    if (asType && REDIRECT_METHOD_TYPES.includes(asType))
      return plan.planType === 'subscription' ? { kind: 'register', type: asType } : { kind: 'redirect', type: asType };
    try {
      // The member's own method, of a type the store offers; an expired card cannot pay (member area 5).
      return { kind: 'stored', method: await deps.methods.usableMethod({ store }, accountId, id) };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === 'PAYMENT_METHOD_UNUSABLE') throw new AppError('PAYMENT_METHOD_UNUSABLE', { field: 'paymentMethodId' });
      throw new AppError('PAYMENT_METHOD_NOT_REGISTERED', { field: 'paymentMethodId', message: 'purchase.methodNotRegistered' });
    }
  }

  /** Everything the form and verify calls check, in the order a member would fix them. */
  async function evaluate(store: StoreContext, accountId: string, planId: string, form: PurchaseForm, lang: Language) {
    const now = clock();
    const plan = purchasablePlanOf(store, planId);
    if (form.planId !== '' && form.planId !== planId) throw new AppError('VALIDATION_FAILED', { fields: { planId: 'common.invalid' } });
    const survey = plan.surveyId ? store.settings.surveys.find((s) => s.surveyId === plan.surveyId) : undefined;
    const surveyAnswers = survey
      ? parseInput(z.object({ surveyAnswers: surveyAnswersSchema(survey.questions) }), { surveyAnswers: form.surveyAnswers }, [
          'surveyAnswers',
        ]).surveyAnswers
      : [];
    await assertPurchasable(plan, accountId, now);
    const payment = await paymentOf(store, accountId, plan, form.paymentMethodId);
    const freeTrialUsed = await repo.freeTrialUsed(accountId);
    const resolved = resolveCampaign({
      campaigns: store.settings.campaigns,
      planId,
      planPrice: plan.price,
      code: form.campaignCode,
      campaignCodeMethod: payment.kind === 'campaign',
      freeTrialUsed,
      now,
    });
    if (!resolved.ok) throw campaignErrors[resolved.refusal]();
    const campaign = resolved.campaign;
    const holdings = await repo.holdings(accountId, planId, now);
    const computation = computeOrder({
      plan,
      campaign,
      campaignId: campaign ? campaignIdOf(campaign, store.settings.campaigns) : null,
      freeTrialUsed,
      isReContract: plan.planType === 'subscription' && holdings.everContracted,
      now,
      lang,
    });
    // A redirect charges now; with nothing to charge there is nothing to redirect for.
    if (payment.kind === 'redirect' && computation.chargeNow === 0)
      throw new AppError('PAYMENT_METHOD_NOT_REGISTERED', { field: 'paymentMethodId', message: 'purchase.methodNotRegistered' });
    return { plan, payment, computation, surveyAnswers, now };
  }

  async function charge(
    store: StoreContext,
    order: OrderRow,
    token: TokenRow,
    origin: string,
    tds?: { tds2infoToken: string; tds2infoTokenKey: string },
  ): Promise<PurchaseAnswer> {
    const plan = planOf(store.settings, order.planId);
    if (!plan) throw new AppError('PLAN_NOT_PURCHASABLE');
    const computation = order.computation as OrderComputation;
    const returnUrl = `${origin}/zapi/purchase/return`;
    const key = `purchase-${token.id}`;
    if (order.planType === 'subscription' && registersOnProvider(store, order.paymentMethod)) {
      // The agreement first, on the provider's page; its return keeps it and charges it (decision 0048).
      const type = order.paymentMethod as PaymentMethodType;
      const started = await gateway.startRedirect({
        storeId: store.storeId,
        customerRef: await deps.methods.ensureCustomerRef(order.accountId),
        methodType: type,
        purpose: 'register',
        returnUrl,
        idempotencyKey: `${key}-register`,
      });
      if (!started.ok) return failWith(order, started.failure);
      await repo.mark(order.id, { status: 'redirect', redirectRef: started.value.redirectRef });
      return { redirectTo: started.value.redirect.url, providerRedirect: started.value.redirect };
    }
    if (order.chargeAmount === 0) return finish(store, order, null, computation);
    const payment = await paymentOf(store, order.accountId, plan, order.paymentMethod);
    if (payment.kind === 'redirect') {
      const started = await gateway.startRedirect({
        storeId: store.storeId,
        customerRef: (await deps.methods.customerRefOf(order.accountId)) ?? `guest-${order.accountId}`,
        methodType: payment.type,
        purpose: 'charge',
        amount: order.chargeAmount,
        orderRef: order.id,
        returnUrl,
        idempotencyKey: `${key}-redirect`,
      });
      if (!started.ok) return failWith(order, started.failure);
      await repo.mark(order.id, { status: 'redirect', redirectRef: started.value.redirectRef });
      return { redirectTo: started.value.redirect.url, providerRedirect: started.value.redirect };
    }
    if (payment.kind !== 'stored') throw new AppError('PAYMENT_METHOD_NOT_REGISTERED');
    return chargeStored(store, order, payment.method, key, returnUrl, tds);
  }

  /** A method type (not a stored method's id) the store offers whose agreement is made on the provider's page. */
  function registersOnProvider(store: StoreContext, paymentMethod: string): boolean {
    const type = store.settings.paymentMethods.find((t) => t === paymentMethod);
    return type !== undefined && REDIRECT_METHOD_TYPES.includes(type);
  }

  /** Authorises a stored method for the order and captures it; a 3-D Secure challenge answers the provider's page. */
  async function chargeStored(
    store: StoreContext,
    order: OrderRow,
    method: UsableMethod,
    key: string,
    returnUrl: string,
    tds?: { tds2infoToken: string; tds2infoTokenKey: string },
  ): Promise<PurchaseAnswer> {
    const plan = planOf(store.settings, order.planId);
    const { customerRef, source } = method;
    const authorized = await gateway.authorize({
      storeId: store.storeId,
      customerRef,
      source: source.kind === 'card' && tds ? { ...source, threeDSecure: tds } : source,
      amount: order.chargeAmount,
      orderRef: order.id,
      description: plan?.planName.ja ?? order.planId,
      idempotencyKey: `${key}-authorize`,
      returnUrl,
    });
    if (!authorized.ok) return failWith(order, authorized.failure);
    if (authorized.value.status === 'challenge') {
      await repo.mark(order.id, { status: 'challenge', redirectRef: authorized.value.challengeRef });
      return { redirectTo: authorized.value.redirect.url, providerRedirect: authorized.value.redirect };
    }
    return capture(store, order, authorized.value.authorizationRef, key, order.computation as OrderComputation);
  }

  /**
   * The provider's return of a subscription's registration: the agreement is kept as the member's
   * method, the order pays with it (its contract renews from it), and the first charge is made
   * now, without the viewer (an agreement is charged by the merchant). Answers the page to go to.
   */
  async function registered(scope: Scope, order: OrderRow, result: RedirectResult): Promise<string> {
    const { store, origin } = scope;
    const customerRef = await deps.methods.customerRefOf(order.accountId);
    if (order.status !== 'redirect' || !customerRef || customerRef !== result.customerRef || result.methodType !== order.paymentMethod)
      throw new AppError('INVALID_SESSION_FLOW', { message: 'purchase.sessionFlow' });
    if (result.outcome !== 'approved') {
      await repo.fail(order.id, `register:${result.outcome}`);
      return `/plans/${order.planId}?error=${result.outcome === 'cancelled' ? 'cancelled' : 'PAYMENT_DECLINED'}`;
    }
    const methodId = await deps.methods.keepAgreement(scope, order.accountId, result);
    await repo.mark(order.id, { paymentMethod: methodId });
    const paid = { ...order, paymentMethod: methodId };
    try {
      if (order.chargeAmount === 0) await finish(store, paid, null, order.computation as OrderComputation);
      else {
        const method = await deps.methods.usableMethod({ store }, order.accountId, methodId);
        const answer = await chargeStored(store, paid, method, `purchase-${order.tokenId}`, `${origin}/zapi/purchase/return`);
        if ('providerRedirect' in answer) throw new AppError('PAYMENT_DECLINED');
      }
    } catch (err) {
      if (err instanceof AppError) return `/plans/${order.planId}?error=${err.code}`;
      throw err;
    }
    return completePath(order.planId, order.id);
  }

  async function capture(
    store: StoreContext,
    order: OrderRow,
    authorizationRef: string,
    key: string,
    computation: OrderComputation,
  ): Promise<PurchaseAnswer> {
    await repo.mark(order.id, { authorizationRef });
    const captured = await gateway.capture({
      storeId: store.storeId,
      authorizationRef,
      amount: order.chargeAmount,
      idempotencyKey: `${key}-capture`,
    });
    if (!captured.ok) return failWith(order, captured.failure);
    return finish(store, order, captured.value.chargeRef, computation);
  }

  async function failWith(order: OrderRow, failure: GatewayFailure): Promise<never> {
    // Unavailable: nothing is known to have happened; the order stays open and the same token may try again.
    if (failure.kind !== 'unavailable') await repo.fail(order.id, `${failure.kind}:${failure.code}`);
    throw gatewayError(failure);
  }

  async function finish(store: StoreContext, order: OrderRow, chargeRef: string | null, c: OrderComputation): Promise<PurchaseAnswer> {
    const plan = planOf(store.settings, order.planId);
    const subscription = order.planType === 'subscription';
    const completed = await repo.complete({
      orderId: order.id,
      chargeRef,
      now: clock(),
      contract:
        subscription && plan
          ? {
              status: c.usesFreeTrial ? 'NEW_TRIAL_CONTRACT' : 'NEW_CONTRACT',
              price: plan.price,
              campaignId: c.campaignId,
              campaignPrice: c.campaignType === 'other' ? c.billingAmount : null,
              campaignPaymentsLeft:
                c.discountContinuationCount === null ? null : Math.max(c.discountContinuationCount - (c.chargeNow > 0 ? 1 : 0), 0),
              paymentMethod: order.paymentMethod,
              nextSettlementDay: c.nextSettlementDay ?? c.firstPaymentDay,
              // The billing engine's terms (decision 0019): anchor day, trial end, last day of use.
              ...contractTermsOf(c),
            }
          : null,
      entitlementEnd: c.entitlementEnd ? new Date(c.entitlementEnd) : null,
      usesFreeTrial: c.usesFreeTrial,
    });
    // A charge made: one earnings row (payment history, invoice); the key makes a repeat a no-op.
    if (completed.completedNow && order.chargeAmount > 0 && plan)
      await deps.earnings.recordPurchaseEarning({
        accountId: order.accountId,
        orderId: order.id,
        planId: order.planId,
        planName: plan.planName,
        paymentMethod: order.paymentMethod,
        amount: order.chargeAmount,
        chargeRef,
        idempotencyKey: `purchase-${order.tokenId}`,
        at: completed.order.completedAt ?? clock(),
      });
    // The order confirmation, once per order: only the call that completed it records the mail.
    if (completed.completedNow && deps.mailQueue) {
      const job: OrderConfirmationJob = { accountId: order.accountId, orderId: order.id };
      await deps.mailQueue.enqueue(store.storeId, ORDER_CONFIRMATION_JOB, job);
      deps.mailQueue.kick();
    }
    return { redirectTo: completePath(order.planId, order.id) };
  }

  /**
   * Where a return seen again goes: the member's order named by the return (any of its values is
   * looked up as a provider reference, whatever the provider calls it), once that order is settled:
   * its completion, or the form with the failure. Nothing changes; an order still open, or another
   * member's, gives null (the refusal stands).
   */
  async function handledReturn(accountId: string, params: Record<string, string>): Promise<string | null> {
    const order = await repo.memberOrderByRedirectRefs(accountId, returnValues(params));
    if (order?.status === 'completed') return completePath(order.planId, order.id);
    if (order?.status === 'failed')
      return `/plans/${order.planId}?error=${order.failureCode?.endsWith(':cancelled') ? 'cancelled' : 'PAYMENT_DECLINED'}`;
    return null;
  }

  return {
    /** POST /zapi/purchase/form/{planId}: the form checked and the order it would make, no token. */
    async form(scope: Scope, accountId: string, planId: string, form: PurchaseForm): Promise<OrderVerification> {
      const { computation } = await evaluate(scope.store, accountId, planId, form, scope.lang);
      return verificationOf(computation);
    },

    /** POST /zapi/purchase/verify/{planId}: the order verification and a purchase token bound to it. */
    async verify(scope: Scope, accountId: string, planId: string, form: PurchaseForm): Promise<VerifyAnswer> {
      const { computation, surveyAnswers, now } = await evaluate(scope.store, accountId, planId, form, scope.lang);
      const purchaseToken = randomBytes(32).toString('base64url');
      await repo.insertToken({
        tokenHash: hashPurchaseToken(purchaseToken),
        accountId,
        planId,
        paymentMethod: form.paymentMethodId,
        campaignId: computation.campaignId,
        chargeNow: computation.chargeNow,
        billingAmount: computation.billingAmount,
        computation,
        surveyAnswers,
        createdAt: now,
        expiresAt: new Date(now.getTime() + PURCHASE_TOKEN_TTL_MS),
      });
      return { ...verificationOf(computation), purchaseToken, redirectTo: confirmPath(planId, purchaseToken) };
    },

    /** The live token of this member and plan (the confirm page), or null. */
    async liveToken(accountId: string, planId: string, token: string): Promise<TokenRow | null> {
      const row = await repo.tokenByHash(hashPurchaseToken(token));
      if (!row || row.accountId !== accountId || row.planId !== planId || row.consumedAt || row.expiresAt <= clock()) return null;
      return row;
    },

    /** POST /zapi/purchase/{planId}: buys the verified order once, whatever the clicks and retries. */
    async purchase(
      scope: Scope,
      accountId: string,
      planId: string,
      body: { purchaseToken: string; tds2infoToken?: string; tds2infoTokenKey?: string },
    ): Promise<PurchaseAnswer> {
      const { store, origin } = scope;
      const now = clock();
      const plan = purchasablePlanOf(store, planId);
      const token = await repo.tokenByHash(hashPurchaseToken(body.purchaseToken));
      const restart = () => new AppError('INVALID_SESSION_FLOW', { message: 'purchase.sessionFlow' });
      if (!token || token.accountId !== accountId || token.planId !== planId || token.expiresAt <= now) throw restart();
      const tds =
        body.tds2infoToken && body.tds2infoTokenKey
          ? { tds2infoToken: body.tds2infoToken, tds2infoTokenKey: body.tds2infoTokenKey }
          : undefined;

      if (token.consumedAt) {
        // The same token again: a double click or a retry after the provider did not answer. Only
        // an order still waiting for the provider is tried again, with the same idempotency keys.
        const order = await repo.orderByToken(token.id);
        if (order?.status === 'pending') return charge(store, order, token, origin, tds);
        throw restart();
      }

      const recent = await repo.ordersSince(accountId, new Date(now.getTime() - PURCHASE_RATE.windowMs));
      if (recent.length >= PURCHASE_RATE.max) {
        const oldest = recent[0] ?? now;
        const wait = Math.max(1, Math.ceil((oldest.getTime() + PURCHASE_RATE.windowMs - now.getTime()) / 1000));
        throw new AppError('PURCHASE_TOO_FREQUENT', { retryAfterSeconds: wait });
      }

      const opened = await repo.open({
        token,
        planType: plan.planType,
        salesLimit: plan.salesLimit,
        now,
        check: async (holdings, recentDuplicate) => {
          if (salesRefusal(plan, 0, now)) throw new AppError('PLAN_NOT_PURCHASABLE');
          const refusal = contractRefusal(plan, holdings);
          if (refusal) throw new AppError(refusal);
          if (await recentDuplicate(new Date(now.getTime() - DUPLICATE_WINDOW_MS))) throw new AppError('DUPLICATE_BILLING');
        },
      });
      if (opened === 'consumed') {
        const order = await repo.orderByToken(token.id);
        if (order?.status === 'pending') return charge(store, order, token, origin, tds);
        throw restart();
      }
      return charge(store, opened, token, origin, tds);
    },

    /**
     * The viewer back from the provider (3-D Secure challenge or redirect payment) with a signed
     * result: verified by the gateway, matched to its open order, captured once. Answers the page to go to.
     */
    async returnFromProvider(scope: Scope, params: Record<string, string>, accountId: string | null = null): Promise<string> {
      const { store } = scope;
      // A subscription's registration (decision 0048) is taken only where it names an order waiting
      // for one: My Page's registration results stay unspent for My Page's return.
      const waiting = await repo.openRedirectOrderByRefs(returnValues(params));
      const registering = waiting?.planType === 'subscription' && registersOnProvider(store, waiting.paymentMethod);
      const verified = await gateway.verifyRedirectResult({
        storeId: store.storeId,
        params,
        purposes: registering ? ['register'] : ['challenge', 'charge'],
      });
      if (!verified.ok) {
        // The same return again (back, or a reload, after it was handled): the provider refuses a
        // result twice, but the member's own order it named shows its result (decision 0036).
        const shown = accountId ? await handledReturn(accountId, params) : null;
        if (shown) return shown;
        throw new AppError('INVALID_SESSION_FLOW', { message: 'purchase.challengeFailed' });
      }
      const result = verified.value;
      const order = await repo.orderByRedirectRef(result.redirectRef);
      if (!order) throw new AppError('INVALID_SESSION_FLOW', { message: 'purchase.sessionFlow' });
      if (order.status === 'completed') return completePath(order.planId, order.id);
      if (result.purpose === 'register') return registered(scope, order, result);
      if (order.status !== 'challenge' && order.status !== 'redirect')
        throw new AppError('INVALID_SESSION_FLOW', { message: 'purchase.sessionFlow' });
      if (result.outcome !== 'approved' || !result.authorizationRef) {
        await repo.fail(order.id, `${result.purpose}:${result.outcome}`);
        return `/plans/${order.planId}?error=${result.outcome === 'cancelled' ? 'cancelled' : 'PAYMENT_DECLINED'}`;
      }
      try {
        await capture(store, order, result.authorizationRef, `purchase-${order.tokenId}`, order.computation as OrderComputation);
      } catch (err) {
        if (err instanceof AppError) return `/plans/${order.planId}?error=${err.code}`;
        throw err;
      }
      return completePath(order.planId, order.id);
    },

    /**
     * Housekeeping: settles the orders left open past STALE_ORDER_AFTER_MS. An order the provider
     * authorised is captured with its own idempotency key (the provider answers the charge it
     * already made, or makes it: the member did buy) and completed; any other is failed and its unit
     * of stock given back (nothing was captured, so nothing was charged). A provider that does not
     * answer leaves the order for the next round.
     */
    async settleStale(now: Date, storeOf: (storeId: string) => Promise<StoreContext>): Promise<{ completed: number; failed: number }> {
      const counts = { completed: 0, failed: 0 };
      for (const order of await repo.staleOrders(new Date(now.getTime() - STALE_ORDER_AFTER_MS))) {
        // Each order in its own store's scope: the batch runs across stores, the repository reads one.
        const outcome = await inStore(order.storeId, async () => {
          const { authorizationRef } = order;
          if (!authorizationRef) return (await repo.fail(order.id, 'expired:stale')) ? 'failed' : null;
          const store = await storeOf(order.storeId);
          try {
            await capture(store, order, authorizationRef, `purchase-${order.tokenId}`, order.computation as OrderComputation);
            return 'completed';
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            return err.code !== 'PAYMENT_PROVIDER_UNAVAILABLE' ? 'failed' : null;
          }
        });
        if (outcome) counts[outcome]++;
      }
      return counts;
    },

    /** A completed order of this member (the completion page), or null. */
    async completedOrder(accountId: string, planId: string, orderId: string): Promise<OrderRow | null> {
      const order = await repo.order(orderId);
      return order && order.accountId === accountId && order.planId === planId && order.status === 'completed' ? order : null;
    },

    /**
     * The campaign the order gets without a code (the plan's automatic campaign open now; a free
     * one not for a member who had their free trial), for the form to show its price; null: none.
     */
    async automaticCampaign(store: StoreContext, accountId: string, plan: Plan) {
      const now = clock();
      const resolve = (freeTrialUsed: boolean) =>
        resolveCampaign({
          campaigns: store.settings.campaigns,
          planId: plan.planId,
          planPrice: plan.price,
          code: '',
          campaignCodeMethod: false,
          freeTrialUsed,
          now,
        });
      // The free trial is read only when the campaign found would be a free one (decision 0044):
      // a campaign that is not free comes first whether or not the trial was used.
      let resolved = resolve(false);
      if (resolved.ok && resolved.campaign?.campaignType === 'free') resolved = resolve(await repo.freeTrialUsed(accountId));
      return resolved.ok ? resolved.campaign : null;
    },

    /** The member's registered methods offered by the store (the form). */
    async methods(store: StoreContext, accountId: string): Promise<AccountPaymentMethod[]> {
      const offered = new Set<string>(store.settings.paymentMethods);
      return (await deps.methods.list(accountId)).filter((m) => offered.has(m.paymentMethodType));
    },

    /** Plan ids the member may not buy again (the plan list's contract-limited state). */
    async contractLimitedPlans(store: StoreContext, accountId: string): Promise<Set<string>> {
      const held = await repo.holdingsByPlan(accountId, clock());
      const none = { activeContracts: 0, everContracted: false, completedPurchases: 0, liveRentals: 0 };
      const out = new Set<string>();
      for (const plan of store.settings.plans) {
        if (contractRefusal(plan, held.get(plan.planId) ?? none)) out.add(plan.planId);
      }
      return out;
    },
    purchasablePlanOf,
    shownPlanOf,
  };
}
export type PurchaseService = ReturnType<typeof createPurchaseService>;
