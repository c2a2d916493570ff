import { Trans, useLingui } from '@lingui/react/macro';

import { MyPageFrame } from '#client/mypage/frame.tsx';
import { FormColumn } from '#client/mypage/narrow.tsx';
import { UserIdEditForm } from '#client/mypage/user-id-edit-form.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { Text } from '#client/ui/blocks.ts';

export default function Page() {
  const { t } = useLingui();
  const { userId } = useScreenData('/mypage/user-id/edit');
  return (
    <MyPageFrame title={userId ? t`ユーザID変更` : t`ユーザID登録`}>
      <FormColumn>
        <Text>
          <Trans>ユーザIDは6〜15文字の半角英数字で入力してください。確認のため、パスワードも入力してください。</Trans>
        </Text>
        <UserIdEditForm currentUserId={userId} />
      </FormColumn>
    </MyPageFrame>
  );
}
