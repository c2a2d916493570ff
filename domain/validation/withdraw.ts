// Withdrawal from membership (spec 2 "Withdrawal", 5 "Withdrawal consent"): a confirmation with a
// survey and a consent box, then the one-time code.
import { z } from 'zod';
import { INVALID, report } from './issues.ts';
import { authCodeSchema } from './login.ts';
import { type SurveyRules, surveyAnswersSchema } from './survey-answers.ts';

/** The consent box: it must be ticked ('同意は必須です'); anything but true is a refusal. */
export const withdrawConsentField = z.unknown().transform((value, ctx): true => {
  if (value !== true) {
    report(ctx, 'withdraw.consentRequired');
    return z.NEVER;
  }
  return true;
});

/**
 * POST /zapi/account/withdraw/confirm and its form: { consent, surveyAnswers }, the answers
 * checked against the withdrawal survey's questions (none: the store asks nothing, and answers
 * sent anyway are dropped).
 */
export function withdrawConfirmSchema(questions: readonly SurveyRules[] = []) {
  return z.object({ consent: withdrawConsentField, surveyAnswers: surveyAnswersSchema(questions) }, INVALID).strip();
}

/** DELETE /zapi/account/withdraw: { pinCode }, the 6-digit one-time code of the withdraw purpose. */
export const withdrawBodySchema = z.object({ pinCode: authCodeSchema }, INVALID).strip();
