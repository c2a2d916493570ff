// How a subscription reads on the member's pages, in the viewer's language (member-area 4 labels
// quoted to the letter).
import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { PaymentMethodDisplay } from '#domain/billing/subscription-screens.ts';
import type { Refusal, SubscriptionGroup } from '#domain/billing/subscription-view.ts';
import { methodTypeLabel } from '#domain/commerce/method-texts.ts';
import { formatDay } from '#domain/jst-date-time.ts';

export function groupLabel(i18n: I18n, group: SubscriptionGroup): string {
  switch (group) {
    case 'trial':
      return t(i18n)`無料トライアル中`;
    case 'contract':
      return t(i18n)`契約中`;
    case 'cancelRequest':
      return t(i18n)`解約予定`;
    case 'hold':
      return t(i18n)`更新保留中`;
    case 'cancelled':
      return t(i18n)`解約済み`;
  }
}

export const renewingLabel = (i18n: I18n) => t(i18n)`契約更新中`;

/** 'YYYY-MM-DD' as 'YYYY/MM/DD'. */
export const dayText = formatDay;

/** '次回決済日：2026/12/10' or '終了日時：2026/12/09'. */
export function dateLine(i18n: I18n, kind: 'endDate' | 'nextSettlement', day: string): string {
  const date = dayText(day);
  return kind === 'endDate' ? t(i18n)`終了日時：${date}` : t(i18n)`次回決済日：${date}`;
}

export const trialUntil = (i18n: I18n, day: string) => {
  const date = dayText(day);
  return t(i18n)`${date}まで無料`;
};

const BRANDS: Record<string, string> = { V: 'Visa', M: 'Mastercard', A: 'American Express', J: 'JCB', D: 'Diners Club' };

/** 'Visa **** 1111', or the method type with its label. */
export function methodText(i18n: I18n, m: PaymentMethodDisplay): string {
  if (m.last4) return `${(m.brand && BRANDS[m.brand]) || methodTypeLabel(i18n, m.paymentMethodType)} **** ${m.last4}`;
  return m.label ? `${methodTypeLabel(i18n, m.paymentMethodType)} ${m.label}` : methodTypeLabel(i18n, m.paymentMethodType);
}

/** Why a button is disabled. */
export function refusalText(i18n: I18n, reason: Refusal): string {
  switch (reason) {
    case 'renewing':
      return t(i18n)`契約更新中のため、現在この操作はできません。更新の完了後に、もう一度お試しください。`;
    case 'noPaymentMethod':
      return t(i18n)`支払い方法が登録されていないため、解約を取り消せません。先に支払い方法を登録してください。`;
    case 'tooLate':
      return t(i18n)`解約の取り消しができる期間を過ぎているため、取り消しできません。`;
    case 'notApplicable':
      return t(i18n)`このご契約では、この操作はできません。`;
  }
}
