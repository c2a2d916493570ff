import type { StoreSettings } from '#config-schema/store-settings.ts';
import { planOf } from '#domain/plans.ts';

/**
 * The survey asked when a member cancels a subscription of `planId`: the plan's cancelSurveyId,
 * else the store's withdrawal survey, else none (decision 0020).
 */
export function cancelSurvey(settings: StoreSettings, planId: string) {
  const plan = planOf(settings, planId);
  const id = plan?.cancelSurveyId ?? settings.withdrawalSurveyId;
  return id ? (settings.surveys.find((s) => s.surveyId === id) ?? null) : null;
}
