import { Trans, useLingui } from '@lingui/react/macro';
import { CompletePanel } from '#client/mypage/complete-panel.tsx';
import { MyPageFrame } from '#client/mypage/frame.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';

export default function Page() {
  const { t } = useLingui();
  const userId = useScreenData('/mypage/user-id/edit/complete').userId ?? '';
  return (
    <MyPageFrame title={t`ユーザID変更完了`}>
      <CompletePanel>
        <Trans>
          ユーザIDを <strong>{userId}</strong> に変更しました。
        </Trans>
      </CompletePanel>
    </MyPageFrame>
  );
}
