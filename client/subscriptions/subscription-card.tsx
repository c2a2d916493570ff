import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { priceText } from '#client/plans/plan-texts.ts';
import { ButtonLink } from '#client/ui/button.ts';
import { WITHDRAW_RETURN } from '#domain/billing/subscription-paths.ts';
import type { ContractedSubscription } from '#domain/billing/subscription-screens.ts';
import { showCancelInWithdrawMode } from '#domain/billing/subscription-view.ts';
import { dateLine, groupLabel, methodText, renewingLabel, trialUntil } from './texts.ts';

const Card = styled.article`
  display: grid;
  gap: 8px;
  padding: 20px 24px;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  ${({ theme }) => theme.mobile} {
    padding: 16px;
  }
`;

const Badges = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin: 0;
`;

export const StatusBadge = styled.span`
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: 0.75rem;
  font-weight: 700;
  line-height: 1.6;
  background: ${({ theme }) => theme.color.accentSoft};
  color: ${({ theme }) => theme.color.accentText};
  &[data-tone='muted'] {
    background: transparent;
    border: 1px solid ${({ theme }) => theme.color.border};
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Name = styled.h3`
  margin: 0;
  font-size: 1.125rem;
`;

const Line = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 8px;
`;

/** The status badges of a subscription: its group's label, and 契約更新中 once the settlement day has come. */
export function StatusBadges({ subscription }: { subscription: ContractedSubscription }) {
  const { i18n } = useLingui();
  const { view } = subscription;
  return (
    <Badges>
      <StatusBadge data-group={view.group}>{groupLabel(i18n, view.group)}</StatusBadge>
      {view.renewing ? <StatusBadge data-tone="muted">{renewingLabel(i18n)}</StatusBadge> : null}
    </Badges>
  );
}

/** One contracted subscription of /mypage/plans and the account top (member-area 2 "Plan list", 4). */
export function SubscriptionCard({
  subscription: s,
  withdrawMode = false,
}: {
  subscription: ContractedSubscription;
  withdrawMode?: boolean;
}) {
  const { i18n } = useLingui();
  const { view } = s;
  const detail = `/mypage/subscription/${encodeURIComponent(s.subscriptionId)}`;
  return (
    <Card aria-label={s.planName} data-subscription={s.subscriptionId}>
      <StatusBadges subscription={s} />
      <Name>{s.planName}</Name>
      <Line>{priceText(i18n, s.billingAmount, s.priceSuffix)}</Line>
      {view.trialEndsOn ? <Line>{trialUntil(i18n, view.trialEndsOn)}</Line> : null}
      <Line>{dateLine(i18n, view.dateKind, view.date)}</Line>
      {view.showPaymentMethod && s.accountPaymentMethod ? <Line>{methodText(i18n, s.accountPaymentMethod)}</Line> : null}
      <Actions>
        <ButtonLink href={detail} variant="secondary" size="sm">
          <Trans>契約内容を見る</Trans>
        </ButtonLink>
        {withdrawMode && showCancelInWithdrawMode(view) ? (
          <ButtonLink href={`${detail}/withdraw?returnTo=${encodeURIComponent(WITHDRAW_RETURN)}`} variant="secondary" size="sm">
            <Trans>解約する</Trans>
          </ButtonLink>
        ) : null}
      </Actions>
    </Card>
  );
}

export const SubscriptionList = styled.ul`
  display: grid;
  gap: 16px;
  margin: 0;
  padding: 0;
  list-style: none;
`;
