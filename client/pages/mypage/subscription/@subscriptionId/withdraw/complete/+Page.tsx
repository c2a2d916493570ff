import { Trans, useLingui } from '@lingui/react/macro';
import { Completion } from '#client/mypage/completion.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { dayText } from '#client/subscriptions/texts.ts';

/** /mypage/subscription/{id}/withdraw/complete?done=cancel|undo */
export default function Page() {
  const { t } = useLingui();
  const data = useScreenData('/mypage/subscription/@subscriptionId/withdraw/complete');
  const date = dayText(data.date);
  const next = data.returnTo
    ? { href: data.returnTo, label: <Trans>退会手続きへ進む</Trans> }
    : { href: '/mypage/plans', label: <Trans>プラン一覧へ戻る</Trans> };
  return data.done === 'cancel' ? (
    <Completion title={t`解約手続き完了`} next={next}>
      <p>
        <Trans>
          「{data.planName}」の解約を受け付けました。{date}までご利用いただけます。
        </Trans>
      </p>
      <p>
        <Trans>確認のメールをお送りしました。</Trans>
      </p>
    </Completion>
  ) : (
    <Completion title={t`解約取り消し完了`} next={{ href: '/mypage/plans', label: <Trans>プラン一覧へ戻る</Trans> }}>
      <p>
        <Trans>
          「{data.planName}」の解約を取り消しました。次回決済日は{date}です。
        </Trans>
      </p>
    </Completion>
  );
}
