import { Trans, useLingui } from '@lingui/react/macro';
import { Completion } from '#client/mypage/completion.tsx';

/** /mypage/social/disable/complete: an external ID was released. */
export default function Page() {
  const { t } = useLingui();
  return (
    <Completion title={t`外部ID連携解除完了`}>
      <p>
        <Trans>外部IDの連携を解除しました。</Trans>
      </p>
    </Completion>
  );
}
