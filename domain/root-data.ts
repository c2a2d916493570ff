import { z } from 'zod';
import { publicStoreSettings } from '#config-schema/public-settings.ts';

/** The data every page receives (spec: root data), shared by the server and the browser. */
export const rootDataSchema = z.object({
  authId: z.string(),
  /** The request that rendered the page (shown on error pages for support). */
  requestId: z.string(),
  storeSettingData: publicStoreSettings,
  browserInfo: z.object({ isApp: z.boolean(), isAndroid: z.boolean(), isMobile: z.boolean() }),
  lang: z.enum(['ja', 'en']),
  storeStatus: z.object({ hasSubscriptionPlan: z.boolean(), isStorePaymentAvailable: z.boolean() }),
});
export type RootData = z.infer<typeof rootDataSchema>;
