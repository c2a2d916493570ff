import { titleHook } from '#client/page-title.ts';
import { screenDataOf } from '#client/screen/use-screen-data.ts';

/** The policy's own title (the store names it). */
export default titleHook((_i18n, pageContext) => screenDataOf(pageContext, '/privacy')?.policy.title ?? '');
