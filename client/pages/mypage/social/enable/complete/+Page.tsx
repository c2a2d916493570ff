import { Trans, useLingui } from '@lingui/react/macro';
import { Completion } from '#client/mypage/completion.tsx';

/** /mypage/social/enable/complete: an external ID was linked. */
export default function Page() {
  const { t } = useLingui();
  return (
    <Completion title={t`外部ID連携完了`}>
      <p>
        <Trans>外部IDを連携しました。次回からこの外部IDでログインできます。</Trans>
      </p>
    </Completion>
  );
}
