import { t } from '@lingui/core/macro';
import { titleHook } from '#client/page-title.ts';

export default titleHook((i18n) => t(i18n)`会員登録：認証方法の選択`);
