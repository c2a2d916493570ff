// Withdrawal from membership (spec 2 "Withdrawal", 5 "Withdrawal consent"): a confirmation with a
// survey and a consent box, then the one-time code.
import { z } from 'zod';
import { INVALID, report } from './issues.ts';
import { authCodeSchema } from './login.ts';

/** The consent box: it must be ticked ('同意は必須です'); anything but true is a refusal. */
export const withdrawConsentField = z.unknown().transform((value, ctx): true => {
  if (value !== true) {
    report(ctx, 'withdraw.consentRequired');
    return z.NEVER;
  }
  return true;
});

/**
 * One survey answer as sent: the question and its value (text, or the chosen options). The
 * store has no withdrawal survey in its settings yet, so answers are only shaped here; a survey
 * builder checks them against their questions when one exists.
 */
const surveyAnswer = z.object(
  {
    questionId: z.string(INVALID).min(1, INVALID.error),
    value: z.union([z.string().max(300, INVALID.error), z.array(z.string(INVALID)).max(100, INVALID.error), z.null()], INVALID),
  },
  INVALID,
);

/** POST /zapi/account/withdraw/confirm and its form: { consent, surveyAnswers }. */
export const withdrawConfirmSchema = z
  .object({ consent: withdrawConsentField, surveyAnswers: z.array(surveyAnswer, INVALID).max(50, INVALID.error).default([]) }, INVALID)
  .strip();

/** DELETE /zapi/account/withdraw: { pinCode }, the 6-digit one-time code of the withdraw purpose. */
export const withdrawBodySchema = z.object({ pinCode: authCodeSchema }, INVALID).strip();
