import { addableTypes } from '#domain/commerce/payment-methods.ts';
import { AppError } from '#domain/errors.ts';
import { memberOnly } from '#server/features/mypage/member-only.ts';
import type { PaymentGateway } from '#server/platform/payments/gateway.ts';
import type { ScreenContext, ScreenLoaders } from '#server/platform/screens/types.ts';
import type { PaymentMethodService } from './service.ts';

type Patterns = '/mypage/payment-method' | '/mypage/payment-method/complete' | '/mypage/payment-method/delete/complete';

/** The pages exist where the store offers a payment method (the menu's isStorePaymentAvailable). */
function assertPaymentStore(ctx: ScreenContext) {
  if (ctx.store.settings.paymentMethods.length === 0) throw new AppError('NOT_FOUND');
}

export function paymentMethodScreens(deps: { paymentMethods: PaymentMethodService; gateway: PaymentGateway }): ScreenLoaders<Patterns> {
  const memberPage = async (ctx: ScreenContext) => {
    assertPaymentStore(ctx);
    const member = memberOnly(ctx);
    return 'redirectTo' in member ? member : { data: {} };
  };
  return {
    '/mypage/payment-method': async (ctx) => {
      assertPaymentStore(ctx);
      const member = memberOnly(ctx);
      if ('redirectTo' in member) return member;
      const { storeId, settings } = ctx.store;
      const addable = addableTypes(settings.paymentMethods);
      const result = ctx.query.get('result');
      let cardProvider = null;
      if (addable.includes('SbpsCredit')) {
        const { scriptUrl, merchantId, serviceId } = deps.gateway.browserConfig(storeId);
        cardProvider = { scriptUrl, merchantId, serviceId };
      }
      return {
        data: {
          methods: await deps.paymentMethods.list(member.account.accountId),
          addableTypes: addable,
          cardProvider,
          result: result === 'cancelled' || result === 'failed' ? result : null,
        },
      };
    },
    '/mypage/payment-method/complete': memberPage,
    '/mypage/payment-method/delete/complete': memberPage,
  };
}
