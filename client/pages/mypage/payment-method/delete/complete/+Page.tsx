import { Trans, useLingui } from '@lingui/react/macro';
import { Completion } from '#client/mypage/completion.tsx';

/** /mypage/payment-method/delete/complete: a method was deleted. */
export default function Page() {
  const { t } = useLingui();
  return (
    <Completion title={t`支払い方法削除完了`} next={{ href: '/mypage/payment-method', label: <Trans>支払い方法へ戻る</Trans> }}>
      <p>
        <Trans>支払い方法を削除しました。</Trans>
      </p>
    </Completion>
  );
}
