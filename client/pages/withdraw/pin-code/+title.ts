import { t } from '@lingui/core/macro';
import { codeName as codeNameOf } from '#client/identity/code-name.ts';
import { titleHook } from '#client/page-title.ts';

export default titleHook((i18n, { rootData }) => {
  const codeName = codeNameOf(i18n, rootData.storeSettingData, 'withdraw', rootData.lang);
  return t(i18n)`退会：${codeName}の入力`;
});
