import { Trans, useLingui } from '@lingui/react/macro';
import { CompletePanel } from '#client/mypage/complete-panel.tsx';
import { MyPageFrame } from '#client/mypage/frame.tsx';

export default function Page() {
  const { t } = useLingui();
  return (
    <MyPageFrame title={t`パスワード設定完了`}>
      <CompletePanel>
        <Trans>パスワードを設定しました。次回からメールアドレスとパスワードでログインできます。</Trans>
      </CompletePanel>
    </MyPageFrame>
  );
}
