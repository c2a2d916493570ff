import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { PageContext } from 'vike/types';
import { createI18n } from '#client/i18n/setup.ts';

/** 「プラン一覧｜あおぞらシネマ」, "Plans | Aozora Cinema". */
export function pageTitle(i18n: I18n, page: string, service: string): string {
  return t(i18n)`${page}｜${service}`;
}

/** A `+title` hook: the page's own name from `name(i18n)`, then the store's service name. */
export function titleHook(name: (i18n: I18n, pageContext: PageContext) => string) {
  return (pageContext: PageContext): string => {
    const rootData = pageContext.rootData;
    if (!rootData) return '';
    const i18n = createI18n(rootData.lang);
    return pageTitle(i18n, name(i18n, pageContext), rootData.storeSettingData.serviceName);
  };
}
