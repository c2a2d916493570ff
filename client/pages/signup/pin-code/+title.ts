import { t } from '@lingui/core/macro';
import { codeName as codeNameOf } from '#client/identity/code-name.ts';
import { titleHook } from '#client/page-title.ts';

export default titleHook((i18n, { rootData }) => {
  const codeName = codeNameOf(i18n, rootData.storeSettingData, 'signUp', rootData.lang);
  return t(i18n)`会員登録：${codeName}の入力`;
});
