import { z } from 'zod';
import { isoDateTime, localizedText, slug } from './common.ts';

export const renewSpanUnit = z.enum(['day', 'week', 'month', 'year']).describe('Unit of the renewal span.');

export const surveyQuestion = z
  .object({
    questionId: slug.describe('Identifier of the question, unique in its survey.'),
    questionType: z.enum(['text', 'textarea', 'radio', 'checkbox', 'select', 'date', 'time']).describe('Input kind.'),
    questionTitle: localizedText.describe('The question.'),
    questionDescription: localizedText.optional().describe('Help text under the question.'),
    required: z.boolean().default(false).describe('Whether an answer is required.'),
    validationPattern: z.string().max(500).optional().describe('Optional regular expression a text answer must match.'),
    minCount: z.number().int().min(0).optional().describe('Checkbox: fewest choices.'),
    maxCount: z.number().int().min(1).optional().describe('Checkbox: most choices.'),
    options: z
      .array(z.object({ optionTitle: localizedText }).strict())
      .default([])
      .describe('Choices for radio, checkbox and select.'),
  })
  .strict();

export const survey = z
  .object({
    surveyId: slug.describe('Identifier referenced by plans and the withdrawal flow.'),
    surveyName: localizedText,
    surveyDescription: localizedText.optional(),
    questions: z.array(surveyQuestion).min(1).describe('The questions, in display order.'),
  })
  .strict()
  .describe('A questionnaire shown during purchase, cancellation or withdrawal.');

export const plan = z
  .object({
    planId: slug.describe('Identifier used in URLs (/plans/{planId}); unique in the store.'),
    planType: z.enum(['subscription', 'purchase', 'rental']).describe('What the viewer buys.'),
    planName: localizedText,
    planDescription: localizedText.optional().describe('Description; may contain simple markup and newlines (stripped in lists).'),
    price: z.number().int().min(0).max(10_000_000).describe('Price in yen, tax included.'),
    salesLimit: z.number().int().min(0).nullable().default(null).describe('Most units that can be sold; null for no limit.'),
    salesStartDate: isoDateTime.nullable().default(null).describe('Sales open at this time; null for already open.'),
    salesEndDate: isoDateTime.nullable().default(null).describe('Sales close at this time; null for never.'),
    freeTrialDays: z
      .number()
      .int()
      .min(0)
      .max(365)
      .default(0)
      .describe('Free trial days for a first subscription (not applied on renewal).'),
    renewSpan: z.number().int().min(1).max(36).default(1).describe('Renewal span length (subscriptions).'),
    renewSpanUnit: renewSpanUnit.default('month'),
    forceStopRenewDate: isoDateTime.nullable().default(null).describe('Renewal stops for everyone after this time.'),
    purchaseLimitPerMember: z
      .number()
      .int()
      .min(1)
      .nullable()
      .default(null)
      .describe('Most contracts one member may hold for this plan; null for no limit.'),
    rentalDays: z
      .number()
      .int()
      .min(1)
      .max(365)
      .default(2)
      .describe('Rentals: the viewing window in days from the purchase (2: the usual 48 hours).'),
    contentRefIds: z
      .array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/))
      .max(1000)
      .default([])
      .describe('The titles (playback refIds) a member holding this plan may watch.'),
    surveyId: slug.nullable().default(null).describe('Survey asked at purchase.'),
    cancelSurveyId: slug
      .nullable()
      .default(null)
      .describe('Survey asked when a member cancels this subscription; the withdrawal survey when null.'),
    orderCompletedMessage: localizedText.optional().describe('Shown on the purchase completion page.'),
    visible: z.boolean().default(true).describe('Listed on /plans.'),
    onSale: z
      .boolean()
      .default(true)
      .describe(
        'false retires the plan: not listed, not sold, while its existing subscriptions keep renewing and show in My Page. Retire a plan instead of removing it (a plan with live subscriptions cannot be removed).',
      ),
  })
  .strict()
  .describe('A plan a viewer can subscribe to, buy or rent.');
export type Plan = z.infer<typeof plan>;

export const campaign = z
  .object({
    code: z
      .string()
      .regex(/^[A-Za-z0-9]{1,32}$/, 'half-width letters and digits')
      .optional()
      .describe('Code the viewer types (optional for an automatic campaign).'),
    automatic: z
      .boolean()
      .default(false)
      .describe('Applied without a code to every purchase of its plans during its period (when no code is typed).'),
    description: localizedText.optional().describe('Shown on the purchase confirmation.'),
    name: localizedText,
    planIds: z.array(slug).min(1).describe('Plans the campaign applies to.'),
    campaignType: z.enum(['free', 'discount']).describe('free: free days; discount: a campaign price.'),
    price: z.number().int().min(0).optional().describe('Campaign price in yen (discount).'),
    freeDays: z.number().int().min(1).optional().describe('Free days (free).'),
    paymentCount: z.number().int().min(1).optional().describe('How many payments the campaign price applies to.'),
    startDate: isoDateTime.describe('The code is accepted from this time.'),
    endDate: isoDateTime.describe('The code is accepted until this time.'),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (Date.parse(v.startDate) >= Date.parse(v.endDate))
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must be after startDate' });
    if (v.campaignType === 'discount' && v.price === undefined)
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'a discount campaign needs price' });
    if (v.campaignType === 'free' && v.freeDays === undefined)
      ctx.addIssue({ code: 'custom', path: ['freeDays'], message: 'a free campaign needs freeDays' });
    if (!v.automatic && v.code === undefined)
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'a campaign needs a code unless it is automatic' });
  })
  .describe('A campaign (a code, or automatic) that lowers the price of plans for a while.');
export type Campaign = z.infer<typeof campaign>;
