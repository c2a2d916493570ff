import { Trans, useLingui } from '@lingui/react/macro';
import { Completion } from '#client/mypage/completion.tsx';

/** /withdraw/complete: the viewer is a guest now (spec 2 "Withdrawal", step 3). */
export default function Page() {
  const { t } = useLingui();
  return (
    <Completion title={t`退会完了`} next={{ href: '/', label: <Trans>トップページへ</Trans> }}>
      <p>
        <Trans>退会手続きが完了しました。ご利用いただきありがとうございました。</Trans>
      </p>
    </Completion>
  );
}
