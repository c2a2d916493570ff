import type { StoreSettings } from '#config-schema/store-settings.ts';

/**
 * The store's withdrawal survey (settings `withdrawalSurveyId`, one of `surveys`: the settings
 * schema refuses anything else), or null when the store asks none.
 */
export function withdrawalSurvey(settings: StoreSettings) {
  const id = settings.withdrawalSurveyId;
  return id ? (settings.surveys.find((s) => s.surveyId === id) ?? null) : null;
}

/** The questions the confirmation checks its answers against: none without a survey. */
export function withdrawalQuestions(settings: StoreSettings) {
  return withdrawalSurvey(settings)?.questions ?? [];
}
