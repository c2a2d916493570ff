import { CacheProvider, Global, ThemeProvider } from '@emotion/react';
import { I18nProvider } from '@lingui/react';
import { type ReactNode, useMemo } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { emotionCache } from '#client/emotion-cache.ts';
import { createI18n } from '#client/i18n/setup.ts';
import { globalStyles } from '#client/layout/global-styles.ts';
import { useCrossTabSessionCheck } from '#client/session-check.ts';
import { buildTheme } from '#themes/build-theme.ts';

/** Per render: the store's theme, the viewer's language and the style cache with this response's nonce. */
export default function Wrapper({ children }: { children: ReactNode }) {
  const pageContext = usePageContext();
  const { rootData } = pageContext;
  const { theme: themeName, colors } = rootData.storeSettingData;
  const i18n = useMemo(() => createI18n(rootData.lang), [rootData.lang]);
  const cache = useMemo(() => emotionCache(pageContext.cspNonce), [pageContext.cspNonce]);
  const theme = useMemo(() => buildTheme(themeName, colors), [themeName, colors]);
  useCrossTabSessionCheck(rootData.authId);
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <I18nProvider i18n={i18n}>
          <Global styles={globalStyles(theme)} />
          {children}
        </I18nProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
