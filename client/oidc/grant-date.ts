import type { I18n } from '@lingui/core';

const format = (i18n: I18n, iso: string, withTime: boolean) =>
  new Intl.DateTimeFormat(i18n.locale === 'en' ? 'en-US' : 'ja-JP', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
  }).format(Date.parse(iso));

/** A grant's date in the viewer's language, Japan time: 2026年11月25日 / November 25, 2026. */
export const grantDateText = (i18n: I18n, iso: string) => format(i18n, iso, false);

/** The same with the time: 2026年11月25日 14:05 / November 25, 2026 at 14:05. */
export const grantDateTimeText = (i18n: I18n, iso: string) => format(i18n, iso, true);
