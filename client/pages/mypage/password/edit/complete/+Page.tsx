import { Trans, useLingui } from '@lingui/react/macro';
import { CompletePanel } from '#client/mypage/complete-panel.tsx';
import { MyPageFrame } from '#client/mypage/frame.tsx';

export default function Page() {
  const { t } = useLingui();
  return (
    <MyPageFrame title={t`パスワード変更完了`}>
      <CompletePanel>
        <Trans>パスワードを変更しました。ほかの端末ではログアウトしています。</Trans>
      </CompletePanel>
    </MyPageFrame>
  );
}
