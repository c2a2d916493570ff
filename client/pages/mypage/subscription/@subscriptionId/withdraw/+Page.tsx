import { Trans, useLingui } from '@lingui/react/macro';
import { FormAlert } from '#client/forms/form-alert.tsx';

import { MyPageFrame } from '#client/mypage/frame.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { ActionForm } from '#client/subscriptions/action-button.tsx';
import { undoCancellation } from '#client/subscriptions/calls.ts';
import { CancelForm } from '#client/subscriptions/cancel-form.tsx';
import { StatusBadges } from '#client/subscriptions/subscription-card.tsx';
import { SubscriptionFacts } from '#client/subscriptions/subscription-facts.tsx';
import { dayText, refusalText } from '#client/subscriptions/texts.ts';
import { Stack } from '#client/ui/blocks.ts';

/**
 * /mypage/subscription/{id}/withdraw: cancel the subscription (with the survey; it stays usable
 * until the end of the paid period), or, for a cancel request, undo it ('プランを継続する').
 */
export default function Page() {
  const { i18n, t } = useLingui();
  const data = useScreenData('/mypage/subscription/@subscriptionId/withdraw');
  const s = data.subscription;
  const { view } = s;
  const undo = view.group === 'cancelRequest';
  const action = undo ? view.undo : view.cancel;
  const backTo = data.returnTo ? `/mypage/plans?returnTo=${encodeURIComponent(data.returnTo)}` : undefined;
  return (
    <MyPageFrame title={undo ? t`解約の取り消し` : t`プランの解約`} backTo={backTo}>
      <Stack>
        <p>
          <Trans>プラン：{s.planName}</Trans>
        </p>
        <StatusBadges subscription={s} />
        <SubscriptionFacts subscription={s} />
        {!action.allowed ? <FormAlert tone="info">{refusalText(i18n, action.reason)}</FormAlert> : null}
        {undo ? (
          <ActionForm
            disabled={!action.allowed}
            call={() => undoCancellation(s.subscriptionId)}
            before={
              <p>
                <Trans>解約を取り消すと、プランは次回決済日（{dayText(s.nextSettlementDay)}）に更新され、料金が請求されます。</Trans>
              </p>
            }
          >
            <Trans>プランを継続する</Trans>
          </ActionForm>
        ) : (
          <>
            <p>
              <Trans>解約後も、{dayText(s.nextSettlementDay)}の前日までご利用いただけます。次回以降の料金は請求されません。</Trans>
            </p>
            <CancelForm subscriptionId={s.subscriptionId} survey={data.survey} disabled={!action.allowed} returnTo={data.returnTo} />
          </>
        )}
      </Stack>
    </MyPageFrame>
  );
}
