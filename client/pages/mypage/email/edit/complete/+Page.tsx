import { Trans, useLingui } from '@lingui/react/macro';
import { CompletePanel } from '#client/mypage/complete-panel.tsx';
import { MyPageFrame } from '#client/mypage/frame.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';

export default function Page() {
  const { t } = useLingui();
  const { email } = useScreenData('/mypage/email/edit/complete');
  return (
    <MyPageFrame title={t`メールアドレス変更完了`}>
      <CompletePanel>
        <Trans>
          メールアドレスを <strong>{email}</strong> に変更しました。
        </Trans>
      </CompletePanel>
    </MyPageFrame>
  );
}
