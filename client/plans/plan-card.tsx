import styled from '@emotion/styled';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Button, ButtonLink } from '#client/ui/button.ts';
import { BlockIcon, CalendarIcon, CheckCircleIcon, RenewIcon, TagIcon, WarningIcon } from '#client/ui/icons.tsx';
import { formatYen } from '#domain/plan-price.ts';
import type { PlanCard as PlanCardData } from '#domain/screens.ts';
import { campaignLabel, planButtonView, planTypeLabel, priceText, renewalLabel, salesStartText, stockLabel } from './plan-texts.ts';

const Card = styled.article`
  display: flex;
  flex-direction: column;
  height: 100%;
  padding: 24px;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-top: 4px solid ${({ theme }) => theme.color.accent};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.card};
  ${({ theme }) => theme.mobile} {
    padding: 20px;
  }
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin-bottom: 12px;
`;

const Badge = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: 0.75rem;
  font-weight: 700;
  line-height: 1.6;
  border: 1px solid ${({ theme }) => theme.color.border};
  color: ${({ theme }) => theme.color.textMuted};
`;

const CampaignBadge = styled(Badge)`
  border-color: transparent;
  background: ${({ theme }) => theme.color.accentSoft};
  color: ${({ theme }) => theme.color.accentText};
`;

const Name = styled.h3`
  margin: 0 0 12px;
  font-size: 1.125rem;
  line-height: 1.5;
`;

const Price = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.textMuted};
  & strong {
    font-size: 1.75rem;
    font-weight: 800;
    letter-spacing: 0.01em;
    color: ${({ theme }) => theme.color.text};
    font-variant-numeric: tabular-nums;
  }
`;

const Meta = styled.p`
  display: flex;
  align-items: center;
  gap: 6px;
  margin: 4px 0 0;
  font-size: 0.8125rem;
  font-weight: 600;
  color: ${({ theme }) => theme.color.accentText};
`;

const Description = styled.p`
  margin: 16px 0 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.textMuted};
`;

// Each level has its own icon and words as well as its colour (not by colour alone).
const Stock = styled.p`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  align-self: flex-start;
  margin: 16px 0 0;
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid currentColor;
  font-size: 0.8125rem;
  font-weight: 700;
  &[data-level='plenty'] {
    color: ${({ theme }) => theme.color.success};
  }
  &[data-level='fewLeft'] {
    color: ${({ theme }) => theme.color.warning};
    border-style: dashed;
  }
  &[data-level='soldOut'] {
    color: ${({ theme }) => theme.color.danger};
    border-width: 2px;
  }
`;

const Footer = styled.div`
  margin-top: auto;
  padding-top: 20px;
`;

const SalesStart = styled.p`
  display: flex;
  align-items: center;
  gap: 6px;
  margin: 0 0 8px;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.textMuted};
`;

const stockIcon = { plenty: <CheckCircleIcon />, fewLeft: <WarningIcon />, soldOut: <BlockIcon /> } as const;

/** The amount large, the rest of the localized price line beside it. */
function PriceLine({ text, amount }: { text: string; amount: string }) {
  const at = text.indexOf(amount);
  if (at < 0) return <Price>{text}</Price>;
  return (
    <Price>
      {text.slice(0, at)}
      <strong>{amount}</strong>
      {text.slice(at + amount.length)}
    </Price>
  );
}

/**
 * One plan: name, type, price, renewal, description, campaign and stock, and the plan button.
 * The button's state comes from `plan.button.kind` only; the server decided it.
 */
export function PlanCard({
  plan,
  headingLevel = 2,
  hideButton = false,
  from,
}: {
  plan: PlanCardData;
  headingLevel?: 2 | 3;
  /** The purchase form shows the card without its button unless the plan cannot be bought (the disabled state says why). */
  hideButton?: boolean;
  /** 'signup': the sign-up's plan list, whose purchase confirms and completes under /signup/plans. */
  from?: 'signup';
}) {
  const { i18n } = useLingui();
  const button = planButtonView(i18n, plan.button);
  const noteId = useId();
  const startText = plan.button.kind === 'beforeSale' && plan.salesStartDate ? salesStartText(i18n, plan.salesStartDate) : null;
  return (
    <Card aria-labelledby={`${noteId}-name`}>
      <Badges>
        <Badge>{planTypeLabel(i18n, plan.planType)}</Badge>
        {plan.hasAvailableCampaign ? (
          <CampaignBadge>
            <TagIcon />
            {campaignLabel(i18n)}
          </CampaignBadge>
        ) : null}
      </Badges>
      <Name as={headingLevel === 2 ? 'h2' : 'h3'} id={`${noteId}-name`}>
        {plan.planName}
      </Name>
      <PriceLine text={priceText(i18n, plan.price, plan.priceSuffix)} amount={formatYen(plan.price)} />
      {plan.renewal ? (
        <Meta>
          <RenewIcon />
          {renewalLabel(i18n, plan.renewal)}
        </Meta>
      ) : null}
      {plan.planDescription ? <Description>{plan.planDescription}</Description> : null}
      {plan.stock ? (
        <Stock data-level={plan.stock}>
          {stockIcon[plan.stock]}
          {stockLabel(i18n, plan.stock)}
        </Stock>
      ) : null}
      <Footer hidden={hideButton && button.enabled}>
        {startText ? (
          <SalesStart id={`${noteId}-note`}>
            <CalendarIcon />
            {startText}
          </SalesStart>
        ) : null}
        {button.enabled ? (
          <ButtonLink
            href={`/plans/${encodeURIComponent(plan.planId)}${from === 'signup' ? '?signup=1' : ''}`}
            variant="primary"
            size="md"
            block
            aria-describedby={`${noteId}-name`}
          >
            {button.label}
          </ButtonLink>
        ) : (
          <Button type="button" disabled size="md" block aria-describedby={startText ? `${noteId}-name ${noteId}-note` : `${noteId}-name`}>
            {button.label}
          </Button>
        )}
      </Footer>
    </Card>
  );
}
