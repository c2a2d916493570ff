import { t } from '@lingui/core/macro';
import { titleHook } from '#client/page-title.ts';

export default titleHook((i18n) => t(i18n)`動画を見る`);
