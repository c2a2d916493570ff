import { acceptsCampaignCode, payableByCodeAlone } from '#domain/commerce/campaign.ts';
import type { OrderComputation } from '#domain/commerce/order.ts';
import { verificationOf } from '#domain/commerce/order.ts';
import { orderTerms } from '#domain/commerce/order-terms.ts';
import type { PaymentMethodTypeName } from '#domain/commerce/payment-method-types.ts';
import { REDIRECT_METHOD_TYPES } from '#domain/commerce/payment-method-types.ts';
import { methodChoice } from '#domain/commerce/payment-methods.ts';
import { AppError } from '#domain/errors.ts';
import { pickText } from '#domain/localized-text.ts';
import { surveyView } from '#domain/survey-view.ts';
import type { PlanService } from '#server/features/plans/service.ts';
import type { PaymentGateway } from '#server/platform/payments/gateway.ts';
import type { ScreenContext, ScreenLoaders } from '#server/platform/screens/types.ts';
import type { PurchaseService } from './service.ts';

type Pattern =
  | '/plans/@planId'
  | '/plans/@planId/confirm'
  | '/plans/@planId/complete'
  | '/signup/plans/@planId/confirm'
  | '/signup/plans/@planId/complete';

/** The purchase pages: a guest logs in and comes back; the app hides purchases (spec 6). */
export function purchaseScreens(deps: {
  purchases: PurchaseService;
  plans: PlanService;
  /** The provider's script for the purchase's own card form. */
  gateway: Pick<PaymentGateway, 'browserConfig'>;
}): ScreenLoaders<Pattern> {
  const { purchases, plans } = deps;
  const cardProviderOf = (storeId: string) => {
    const { scriptUrl, merchantId, serviceId } = deps.gateway.browserConfig(storeId);
    return { scriptUrl, merchantId, serviceId };
  };

  /** The plan's card; without `accountId`, without the member's contract limits (one read less). */
  async function cardOf(ctx: ScreenContext, accountId: string | null) {
    const card = (await plans.listCards(ctx.store, ctx.lang, ctx.now, accountId)).find((p) => p.planId === ctx.params.planId);
    if (!card) throw new AppError('NOT_FOUND');
    return card;
  }

  /** `bought`: the completion page, which still shows an order of a plan retired since. */
  function gate(ctx: ScreenContext, back: string, bought = false) {
    if (ctx.browserInfo.isApp) return { redirectTo: '/' } as const;
    (bought ? purchases.shownPlanOf : purchases.purchasablePlanOf)(ctx.store, ctx.params.planId ?? '');
    if (!ctx.account) return { redirectTo: `/login?redirectTo=${encodeURIComponent(back)}` } as const;
    return ctx.account;
  }

  async function confirm(ctx: ScreenContext, signup: boolean) {
    const planId = ctx.params.planId ?? '';
    const account = gate(ctx, `/plans/${planId}`);
    if ('redirectTo' in account) return account;
    const token = await purchases.liveToken(account.accountId, planId, ctx.query.get('token') ?? '');
    // No live token (expired, used, another member's): back to the form to verify again.
    if (!token) return { redirectTo: `/plans/${planId}` };
    const computation = token.computation as OrderComputation;
    const methods = await purchases.methods(ctx.store, account.accountId);
    const method = methods.find((m) => m.accountPaymentMethodId === token.paymentMethod);
    const plan = purchases.shownPlanOf(ctx.store, planId);
    return {
      data: {
        // The confirmation shows the plan's name only; the purchase checks the member's limits
        // in its own transaction (decision 0044), so the card skips them: 4 round trips (0053).
        plan: await cardOf(ctx, null),
        purchaseToken: ctx.query.get('token') ?? '',
        verification: verificationOf(computation),
        method: method ? methodChoice(method) : null,
        methodType: (method?.paymentMethodType ?? token.paymentMethod) as PaymentMethodTypeName,
        chargeNow: computation.chargeNow,
        terms: orderTerms(plan, computation),
        ...(signup && { step: 3, totalSteps: 3 }),
      },
    };
  }

  async function complete(ctx: ScreenContext, signup: boolean) {
    const planId = ctx.params.planId ?? '';
    const account = gate(ctx, `/plans/${planId}`, true);
    if ('redirectTo' in account) return account;
    const order = await purchases.completedOrder(account.accountId, planId, ctx.query.get('orderId') ?? '');
    if (!order) throw new AppError('NOT_FOUND');
    const plan = purchases.shownPlanOf(ctx.store, planId);
    const computation = order.computation as OrderComputation;
    return {
      data: {
        planId,
        planName: pickText(plan.planName, ctx.lang),
        planType: plan.planType,
        orderCompletedMessage: pickText(plan.orderCompletedMessage, ctx.lang) ?? null,
        entitlementExpiration: computation.entitlementExpiration,
        ...(signup && { step: 3, totalSteps: 3 }),
      },
    };
  }

  return {
    async '/plans/@planId'(ctx) {
      const planId = ctx.params.planId ?? '';
      const account = gate(ctx, `/plans/${planId}`);
      if ('redirectTo' in account) return account;
      const plan = purchases.purchasablePlanOf(ctx.store, planId);
      const offered = ctx.store.settings.paymentMethods;
      const campaigns = ctx.store.settings.campaigns;
      const cardsAccepted = offered.includes('SbpsCredit');
      const automatic = await purchases.automaticCampaign(ctx.store, account.accountId, plan);
      const survey = plan.surveyId ? ctx.store.settings.surveys.find((s) => s.surveyId === plan.surveyId) : undefined;
      const error = ctx.query.get('error');
      return {
        data: {
          plan: await cardOf(ctx, account.accountId),
          rentalDays: plan.planType === 'rental' ? plan.rentalDays : null,
          methods: (await purchases.methods(ctx.store, account.accountId)).map(methodChoice),
          // A carrier or PayPal: paid once for a purchase or rental, registered then charged for a
          // subscription (decision 0048); a code alone only where a code pays the whole plan.
          directTypes: offered.filter((t) =>
            t === 'CampaignCode' ? payableByCodeAlone(campaigns, planId, plan.price, ctx.now) : REDIRECT_METHOD_TYPES.includes(t),
          ),
          cardsAccepted,
          cardProvider: cardsAccepted ? cardProviderOf(ctx.store.storeId) : null,
          campaignCodeAccepted: acceptsCampaignCode(campaigns, planId, ctx.now),
          automaticCampaign: automatic
            ? {
                name: pickText(automatic.name, ctx.lang) ?? '',
                campaignType: automatic.campaignType,
                price: automatic.price ?? null,
                paymentCount: plan.planType === 'subscription' ? (automatic.paymentCount ?? null) : null,
                freeDays: automatic.freeDays ?? null,
              }
            : null,
          survey: survey ? surveyView(survey, ctx.lang) : null,
          error: error && /^[A-Za-z_]{1,40}$/.test(error) ? error : null,
          signup: ctx.query.get('signup') === '1',
        },
      };
    },
    '/plans/@planId/confirm': (ctx) => confirm(ctx, false),
    '/plans/@planId/complete': (ctx) => complete(ctx, false),
    '/signup/plans/@planId/confirm': (ctx) => confirm(ctx, true),
    '/signup/plans/@planId/complete': (ctx) => complete(ctx, true),
  };
}
