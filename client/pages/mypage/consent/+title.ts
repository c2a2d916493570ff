import { titleHook } from '#client/page-title.ts';
import { consentTitle } from '#domain/mypage/consent-screen.ts';
import { consentScreenType } from '#domain/mypage/feature-routes.ts';

export default titleHook((i18n, pageContext) => consentTitle(i18n, consentScreenType(pageContext.urlParsed.search.type)));
