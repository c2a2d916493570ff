import type { RootData } from '#domain/root-data.ts';
import type { AppVariables } from '#server/env.ts';

/**
 * The data every page receives. `storeSettingData` is the store's public settings, parsed once per
 * settings revision through the explicit public schema (store-cache.ts), so nothing private slips
 * in; the rest is built here from typed values, and not re-parsed on every request.
 */
export function rootData(v: Pick<AppVariables, 'authId' | 'store' | 'browserInfo' | 'lang' | 'requestId'>): RootData {
  const { settings } = v.store;
  return {
    authId: v.authId,
    requestId: v.requestId,
    storeSettingData: v.store.publicSettings,
    browserInfo: { isApp: v.browserInfo.isApp, isAndroid: v.browserInfo.isAndroid, isMobile: v.browserInfo.isMobile },
    lang: v.lang,
    storeStatus: {
      hasSubscriptionPlan: settings.plans.some((p) => p.planType === 'subscription' && p.visible),
      isStorePaymentAvailable: settings.paymentMethods.length > 0,
    },
  };
}
