import { CacheProvider, Global, ThemeProvider } from '@emotion/react';
import { I18nProvider } from '@lingui/react';
import { type ReactNode, useMemo } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { browserStyleCache } from '#client/emotion-cache.ts';
import { createI18n } from '#client/i18n/setup.ts';
import { globalStyles } from '#client/layout/global-styles.ts';
import { useCrossTabSessionCheck } from '#client/session-check.ts';
import { styleTheme } from '#themes/css-vars.ts';

/**
 * The one theme object of every store: its values are CSS variables, set per store by
 * +headHtmlEnd.ts, so component styles are the same text for all stores.
 */
const theme = styleTheme();
const global = globalStyles(theme);

/** Per render: the viewer's language and the style cache (the server's is made in +onBeforeRenderHtml.ts). */
export default function Wrapper({ children }: { children: ReactNode }) {
  const pageContext = usePageContext();
  const { rootData } = pageContext;
  const i18n = useMemo(() => createI18n(rootData.lang), [rootData.lang]);
  const cache = pageContext.styleCache?.cache ?? browserStyleCache();
  useCrossTabSessionCheck(rootData.authId);
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <I18nProvider i18n={i18n}>
          <Global styles={global} />
          {children}
        </I18nProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
