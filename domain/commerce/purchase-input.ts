// The purchase form's body (spec 7: POST /zapi/purchase/form|verify/{planId}): planId, the payment
// method, the campaign code, the survey answers. The browser's form and the server check it with
// this same schema; the survey answers are checked against the plan's survey (survey-answers.ts).
import { z } from 'zod';
import { INVALID, report } from '#domain/validation/issues.ts';
import { type SurveyRules, surveyAnswersSchema } from '#domain/validation/survey-answers.ts';
import { CAMPAIGN_CODE_MAX, CAMPAIGN_CODE_PATTERN } from './campaign.ts';

import { CAMPAIGN_CODE_METHOD } from './payment-choice.ts';

export const PURCHASE_FORM_FIELDS = ['planId', 'paymentMethodId', 'campaignCode', 'surveyAnswers'] as const;

const optionalText = (max: number) =>
  z
    .string(INVALID)
    .max(max * 4, INVALID)
    .nullish()
    .transform((v) => (v ?? '').trim());

const formShape = {
  planId: optionalText(64),
  /** A registered method's id, or a method type (a one-time redirect, CampaignCode); '' when none is chosen. */
  paymentMethodId: optionalText(64),
  campaignCode: optionalText(CAMPAIGN_CODE_MAX),
};

function checkCampaignCode(v: { paymentMethodId: string; campaignCode: string }, ctx: z.RefinementCtx) {
  if (v.campaignCode !== '' && (v.campaignCode.length > CAMPAIGN_CODE_MAX || !CAMPAIGN_CODE_PATTERN.test(v.campaignCode)))
    report(ctx, 'campaignCode.invalidChars', undefined, ['campaignCode']);
  if (v.paymentMethodId === CAMPAIGN_CODE_METHOD && v.campaignCode === '')
    report(ctx, 'campaignCode.required', undefined, ['campaignCode']);
}

/** The body as the route reads it; the answers are checked against the plan's survey by the service. */
export const purchaseFormSchema = z.object({ ...formShape, surveyAnswers: z.unknown().optional() }).superRefine(checkCampaignCode);

/** The whole form with the plan's survey (the browser's resolver; the same rules as the server). */
export function purchaseFormSchemaFor(questions: readonly SurveyRules[]) {
  return z.object({ ...formShape, surveyAnswers: surveyAnswersSchema(questions) }).superRefine(checkCampaignCode);
}
export type PurchaseForm = z.output<typeof purchaseFormSchema>;

/** POST /zapi/purchase/{planId}: the token of the verified order and the optional 3-D Secure tokens. */
export const purchaseBodySchema = z.object({
  purchaseToken: z.string(INVALID).min(1, INVALID).max(200, INVALID),
  tds2infoToken: z.string(INVALID).max(4000, INVALID).optional(),
  tds2infoTokenKey: z.string(INVALID).max(4000, INVALID).optional(),
});
export const PURCHASE_FIELDS = ['purchaseToken', 'tds2infoToken', 'tds2infoTokenKey'] as const;
