import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePageContext } from 'vike-react/usePageContext';
import { MyPageFrame } from '#client/mypage/frame.tsx';
import { Section } from '#client/mypage/row-list.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { ActionForm } from '#client/subscriptions/action-button.tsx';
import { reSettle } from '#client/subscriptions/calls.ts';
import { StatusBadges } from '#client/subscriptions/subscription-card.tsx';
import { SubscriptionFacts } from '#client/subscriptions/subscription-facts.tsx';
import { refusalText } from '#client/subscriptions/texts.ts';
import { Button, ButtonLink } from '#client/ui/button.ts';

const Actions = styled.div`
  display: grid;
  gap: 12px;
  max-width: 420px;
`;

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.875rem;
`;

/** /mypage/subscription/{id}: the subscription's detail, with its payment-method change and cancel or undo. */
export default function Page() {
  const { i18n, t } = useLingui();
  const { subscription: s } = useScreenData('/mypage/subscription/@subscriptionId');
  const base = `/mypage/subscription/${encodeURIComponent(s.subscriptionId)}`;
  const { view } = s;
  const change = view.changePaymentMethod;
  const blocked = [change, view.cancel, view.undo].find((a) => !a.allowed && a.reason === 'renewing');
  // Back from the retry's 3-D Secure challenge without a payment (failed, cancelled, declined).
  const returnError = usePageContext().urlParsed.search.error;
  const retryFailed = view.group === 'hold' && Boolean(returnError);
  return (
    <MyPageFrame title={s.planName}>
      <Section>
        <StatusBadges subscription={s} />
        {s.planDescription ? <p>{s.planDescription}</p> : null}
        <SubscriptionFacts subscription={s} />
      </Section>
      <Actions>
        {blocked && !blocked.allowed ? <Note role="status">{refusalText(i18n, blocked.reason)}</Note> : null}
        {retryFailed ? <p role="alert">{t`お支払いを完了できませんでした。別の支払い方法をお試しください。`}</p> : null}
        {view.group === 'hold' ? (
          <ActionForm
            call={() => reSettle(s.subscriptionId)}
            before={
              <Note>
                <Trans>前回のお支払いができなかったため、更新を保留しています。支払い方法をご確認のうえ、再決済してください。</Trans>
              </Note>
            }
          >
            <Trans>再決済する</Trans>
          </ActionForm>
        ) : null}
        {view.group !== 'cancelRequest' ? (
          change.allowed ? (
            <ButtonLink href={`${base}/payment-method`} variant="secondary" size="md">
              <Trans>支払い方法を変更する</Trans>
            </ButtonLink>
          ) : (
            <Button type="button" variant="secondary" size="md" disabled>
              <Trans>支払い方法を変更する</Trans>
            </Button>
          )
        ) : null}
        {view.cancel.allowed ? (
          <ButtonLink href={`${base}/withdraw`} variant="quiet" size="md">
            <Trans>プランを解約する</Trans>
          </ButtonLink>
        ) : null}
        {view.group === 'cancelRequest' && view.undo.allowed ? (
          <ButtonLink href={`${base}/withdraw`} variant="primary" size="md">
            <Trans>プランを継続する</Trans>
          </ButtonLink>
        ) : null}
        {view.group === 'cancelRequest' && !view.undo.allowed && view.undo.reason !== 'renewing' ? (
          <Note>{refusalText(i18n, view.undo.reason)}</Note>
        ) : null}
        <ButtonLink href="/mypage/plans" variant="quiet" size="md">
          {t`プラン一覧へ戻る`}
        </ButtonLink>
      </Actions>
    </MyPageFrame>
  );
}
