import { Trans, useLingui } from '@lingui/react/macro';
import { Completion } from '#client/mypage/completion.tsx';

/** /mypage/payment-method/complete: a method was registered. */
export default function Page() {
  const { t } = useLingui();
  return (
    <Completion title={t`支払い方法登録完了`} next={{ href: '/mypage/payment-method', label: <Trans>支払い方法へ戻る</Trans> }}>
      <p>
        <Trans>支払い方法を登録しました。</Trans>
      </p>
    </Completion>
  );
}
