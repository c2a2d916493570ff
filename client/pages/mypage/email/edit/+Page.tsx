import { Trans, useLingui } from '@lingui/react/macro';

import { EmailEditForm } from '#client/mypage/email-edit-form.tsx';
import { MyPageFrame } from '#client/mypage/frame.tsx';
import { FormColumn } from '#client/mypage/narrow.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { Text } from '#client/ui/blocks.ts';

export default function Page() {
  const { t } = useLingui();
  const data = useScreenData('/mypage/email/edit');
  return (
    <MyPageFrame title={t`メールアドレス変更`}>
      <FormColumn>
        <Text>
          <Trans>新しいメールアドレスを入力してください。入力したメールアドレスに認証のためのコードを送信します。</Trans>
        </Text>
        <EmailEditForm currentEmail={data.currentEmail} />
      </FormColumn>
    </MyPageFrame>
  );
}
