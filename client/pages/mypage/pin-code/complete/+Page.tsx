import { Trans, useLingui } from '@lingui/react/macro';
import { Completion } from '#client/mypage/completion.tsx';

/** /mypage/pin-code/complete: back goes to /mypage (spec 2). */
export default function Page() {
  const { t } = useLingui();
  return (
    <Completion title={t`PINコード設定完了`}>
      <p>
        <Trans>PINコードを設定しました。テレビアプリでプロフィールを開くときに入力してください。</Trans>
      </p>
    </Completion>
  );
}
