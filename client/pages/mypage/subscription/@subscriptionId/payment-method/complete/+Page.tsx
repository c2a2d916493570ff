import { Trans, useLingui } from '@lingui/react/macro';
import { Completion } from '#client/mypage/completion.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { methodText } from '#client/subscriptions/texts.ts';

/** /mypage/subscription/{id}/payment-method/complete */
export default function Page() {
  const { i18n, t } = useLingui();
  const { subscription: s } = useScreenData('/mypage/subscription/@subscriptionId/payment-method/complete');
  const method = s.accountPaymentMethod ? methodText(i18n, s.accountPaymentMethod) : '';
  return (
    <Completion
      title={t`支払い方法変更完了`}
      next={{ href: `/mypage/subscription/${encodeURIComponent(s.subscriptionId)}`, label: <Trans>契約内容へ戻る</Trans> }}
    >
      <p>
        <Trans>
          「{s.planName}」の支払い方法を{method}に変更しました。
        </Trans>
      </p>
    </Completion>
  );
}
