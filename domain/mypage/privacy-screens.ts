// The data of the consent, PIN and withdrawal pages of My Page (spec 2, 4).
import { z } from 'zod';
import { codeTimingSchema } from '../identity-screens.ts';
import { surveyViewSchema } from '../survey-view.ts';
import { CONSENT_TYPES } from '../validation/consent.ts';

/** /mypage/consent?type=newsletter|privacy */
export const consentScreenSchema = z
  .object({
    type: z.enum(CONSENT_TYPES),
    options: z.array(
      z
        .object({
          consentOptionId: z.string(),
          key: z.enum(CONSENT_TYPES),
          title: z.string(),
          description: z.string().nullable(),
          value: z.boolean(),
        })
        .strict(),
    ),
    /** The privacy screen's policy link (external source or /privacy); null on the newsletter screen. */
    privacyPolicyHref: z.string().nullable(),
  })
  .strict();
export type ConsentScreen = z.infer<typeof consentScreenSchema>;

/** A page that needs nothing but the member (the PIN form, the completion pages). */
export const memberPageSchema = z.object({}).strict();

/**
 * /withdraw: the store's withdrawal survey in the viewer's language, or null when it asks none;
 * `blockedByPlan` while a subscription would renew (the page then leads to the plans' withdraw mode).
 */
export const withdrawScreenSchema = z.object({ survey: surveyViewSchema.nullable(), blockedByPlan: z.boolean().default(false) }).strict();
export type WithdrawScreen = z.infer<typeof withdrawScreenSchema>;

/** /withdraw/pin-code: where the code went and its timing. */
export const withdrawPinCodeScreenSchema = z.object({ ...codeTimingSchema.shape, email: z.string().min(1) }).strict();
