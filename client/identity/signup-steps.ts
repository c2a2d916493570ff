import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';

/**
 * The names of the sign-up steps (spec 2: 3 steps, or 4 when the policy comes first). The policy
 * after the code belongs to the details step; the plans belong to the last one.
 */
export function signupStepNames(i18n: I18n, totalSteps: number): string[] {
  const names = [t(i18n)`メール認証`, t(i18n)`会員情報の入力`, t(i18n)`登録完了`];
  return totalSteps >= 4 ? [t(i18n)`規約への同意`, ...names] : names;
}
