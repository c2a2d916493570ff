import { z } from 'zod';
import { planButtonKinds } from './plan-button.ts';
import { planTypes, renewSpanUnits } from './plan-price.ts';

const suffixKinds = ['oneTime', 'perDay', 'perWeek', 'perMonth', 'perYear'] as const;
const suffixNKinds = ['perNDays', 'perNWeeks', 'perNMonths', 'perNYears'] as const;

/** The screen data of each page: the contract between its server loader and its React page. */

export const planCardSchema = z.object({
  planId: z.string(),
  planType: z.enum(planTypes),
  planName: z.string(),
  /** Markup and newlines stripped. */
  planDescription: z.string(),
  price: z.number().int(),
  /** domain/plan-price.ts PriceSuffix. */
  priceSuffix: z.union([
    z.object({ kind: z.enum(suffixKinds) }).strict(),
    z.object({ kind: z.enum(suffixNKinds), n: z.number().int().min(2) }).strict(),
  ]),
  /** domain/plan-price.ts RenewalText. */
  renewal: z
    .union([
      z.object({ kind: z.literal('annual') }).strict(),
      z.object({ kind: z.literal('everyN'), unit: z.enum(renewSpanUnits), n: z.number().int().min(1) }).strict(),
    ])
    .nullable(),
  freeTrialDays: z.number().int(),
  salesStartDate: z.string().nullable(),
  salesEndDate: z.string().nullable(),
  salesLimit: z.number().int().nullable(),
  salesCount: z.number().int(),
  /** domain/plan-button.ts PlanButtonState. */
  button: z.object({ kind: z.enum(planButtonKinds), disabled: z.boolean(), trialDays: z.number().int().optional() }),
  stock: z.enum(['soldOut', 'fewLeft', 'plenty']).nullable(),
  hasAvailableCampaign: z.boolean(),
});
export type PlanCard = z.infer<typeof planCardSchema>;

export const homeScreenSchema = z.object({ plans: z.array(planCardSchema), hasPlans: z.boolean() });
export type HomeScreen = z.infer<typeof homeScreenSchema>;

export const plansScreenSchema = z.object({ plans: z.array(planCardSchema) });
export type PlansScreen = z.infer<typeof plansScreenSchema>;

export const licenseEntrySchema = z.object({
  name: z.string(),
  version: z.string(),
  license: z.string(),
  repository: z.string().optional(),
  text: z.string().optional(),
});
export type LicenseEntry = z.infer<typeof licenseEntrySchema>;

export const licensesScreenSchema = z.object({ packages: z.array(licenseEntrySchema) });
export type LicensesScreen = z.infer<typeof licensesScreenSchema>;
