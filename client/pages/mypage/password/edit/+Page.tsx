import { Trans, useLingui } from '@lingui/react/macro';

import { MyPageFrame } from '#client/mypage/frame.tsx';
import { FormColumn } from '#client/mypage/narrow.tsx';
import { PasswordEditForm } from '#client/mypage/password-edit-form.tsx';
import { Text } from '#client/ui/blocks.ts';

export default function Page() {
  const { t } = useLingui();
  return (
    <MyPageFrame title={t`パスワード変更`}>
      <FormColumn>
        <Text>
          <Trans>変更すると、この端末以外ではログアウトします。</Trans>
        </Text>
        <PasswordEditForm />
      </FormColumn>
    </MyPageFrame>
  );
}
