import type { PublicStoreSettings } from '#config-schema/public-settings.ts';
import type { Language } from '#domain/language.ts';
import { withoutEnglish } from '#domain/localized-text.ts';
import type { RootData } from '#domain/root-data.ts';
import type { AppVariables } from '#server/platform/http/env.ts';

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
    storeSettingData: settingsFor(v.store.publicSettings, v.lang),
    browserInfo: { isApp: v.browserInfo.isApp, isAndroid: v.browserInfo.isAndroid, isMobile: v.browserInfo.isMobile },
    lang: v.lang,
    storeStatus: {
      hasSubscriptionPlan: settings.plans.some((p) => p.planType === 'subscription' && p.visible),
      isStorePaymentAvailable: settings.paymentMethods.length > 0,
    },
  };
}

/** A Japanese page gets the store's texts in Japanese only (about 1 KB less page context on aozora). */
const japaneseOnly = new WeakMap<PublicStoreSettings, PublicStoreSettings>();

/**
 * The public settings as a page in `lang` carries them: one copy per settings revision (the
 * parsed settings object is the revision's, so the copy goes with it).
 */
function settingsFor(settings: PublicStoreSettings, lang: Language): PublicStoreSettings {
  if (lang !== 'ja') return settings;
  let copy = japaneseOnly.get(settings);
  if (!copy) {
    copy = withoutEnglish(settings);
    japaneseOnly.set(settings, copy);
  }
  return copy;
}
