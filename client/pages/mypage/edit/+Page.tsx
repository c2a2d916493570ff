import { Trans, useLingui } from '@lingui/react/macro';

import { AccountEditForm } from '#client/mypage/account-edit-form.tsx';
import { MyPageFrame } from '#client/mypage/frame.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { Text } from '#client/ui/blocks.ts';

export default function Page() {
  const { t } = useLingui();
  const data = useScreenData('/mypage/edit');
  return (
    <MyPageFrame title={t`基本情報の編集`}>
      <Text>
        <Trans>「必須」の項目は入力が必要です。</Trans>
      </Text>
      <AccountEditForm values={data.values} />
    </MyPageFrame>
  );
}
