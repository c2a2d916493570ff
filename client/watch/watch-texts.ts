// The words of the My Page list of what a member may watch (decision 0046). Pure: each takes the page's Lingui instance.
import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { timeLeftParts } from '#domain/watch/time-left.ts';
import type { WatchEntry } from '#domain/watch/watch-list.ts';

/** What kind of right the plan gave: 購入, レンタル, 定額プラン. */
export function grantKindText(i18n: I18n, planType: WatchEntry['planType']): string {
  if (planType === 'purchase') return t(i18n)`購入`;
  if (planType === 'rental') return t(i18n)`レンタル`;
  return t(i18n)`定額プラン`;
}

/** The time left of a rental's window: 「残り1日23時間」, 「残り5時間12分」, 「残り8分」. */
export function timeLeftText(i18n: I18n, minutesLeft: number): string {
  const { days, hours, minutes } = timeLeftParts(minutesLeft);
  if (days > 0) return t(i18n)`残り${days}日${hours}時間`;
  if (hours > 0) return t(i18n)`残り${hours}時間${minutes}分`;
  return t(i18n)`残り${minutes}分`;
}
