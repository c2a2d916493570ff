import { errorPageInfo } from '#client/errors/error-page-info.ts';
import { titleHook } from '#client/page-title.ts';
import { errorTexts } from '#domain/error-texts.ts';

export default titleHook((i18n, pageContext) => {
  const info = errorPageInfo(pageContext);
  return errorTexts(i18n, info.kind, info).header;
});
