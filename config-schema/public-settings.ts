import { z } from 'zod';
import { hexColor, languageSchema, localizedText } from './common.ts';
import { footers } from './footer.ts';
import { signupFields } from './signup-fields.ts';
import { paymentMethodType, storeSettings, THEMES } from './store-settings.ts';

/**
 * The part of a store's settings that the browser receives as `storeSettingData`.
 * Listed field by field on purpose: a new settings field stays private until it is added here.
 */
export const publicStoreSettings = z.object({
  storeId: z.string(),
  defaultLanguage: languageSchema,
  serviceName: z.string(),
  serviceDescription: localizedText.optional(),
  businessName: z.string(),
  theme: z.enum(THEMES),
  gtmId: z.string().optional(),
  images: z.object({ logoPc: z.string(), logoSp: z.string(), favicon: z.string(), appleTouchIcon: z.string() }),
  colors: z.object({
    accentColor: hexColor,
    secondaryAccentColor: hexColor,
    playerColor: hexColor,
    headerBackground: hexColor.optional(),
    footerBackground: hexColor.optional(),
  }),
  footers,
  enablePoweredByPvs: z.boolean(),
  features: storeSettings.shape.features.unwrap(),
  defaultLoginType: z.enum(['password', 'authCode']),
  externalIdProviders: z.array(z.enum(['line', 'google', 'yahoojp', 'facebook'])),
  signupFields,
  passwordStrength: z.enum(['NONE', 'UPPER_CASE', 'SYMBOL', 'UPPER_CASE_SYMBOL']),
  disallowUnknownGender: z.boolean(),
  genderInputType: z.enum(['Select', 'Radio']),
  signupPolicyFirst: z.boolean(),
  authCode: storeSettings.shape.authCode.unwrap(),
  botCheck: z.enum(['off', 'sandbox']),
  paymentMethods: z.array(paymentMethodType),
});
export type PublicStoreSettings = z.infer<typeof publicStoreSettings>;
