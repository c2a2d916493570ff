import { Trans, useLingui } from '@lingui/react/macro';
import { FormAlert } from '#client/forms/form-alert.tsx';
import { MyPageFrame } from '#client/mypage/frame.tsx';
import { Section, SectionTitle } from '#client/mypage/row-list.tsx';
import { PlanCard } from '#client/plans/plan-card.tsx';
import { PlanGrid } from '#client/plans/plan-grid.ts';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { SubscriptionCard, SubscriptionList } from '#client/subscriptions/subscription-card.tsx';

/**
 * /mypage/plans 'プラン' (member-area 2 "Plan list"): the contracted subscriptions first, then the
 * plans the member may contract. With ?returnTo=/withdraw (withdraw mode) each card offers to cancel.
 */
export default function Page() {
  const { t } = useLingui();
  const data = useScreenData('/mypage/plans');
  return (
    <MyPageFrame title={t`プラン`}>
      {data.withdrawMode ? (
        <FormAlert tone="info">
          <Trans>退会するには、ご契約中のプランを解約してください。</Trans>
        </FormAlert>
      ) : null}
      <Section aria-labelledby="plans-contracted">
        <SectionTitle id="plans-contracted">{t`ご契約中のプラン`}</SectionTitle>
        {data.contracted.length === 0 ? (
          <p>
            <Trans>ご契約中のプランはありません。</Trans>
          </p>
        ) : (
          <SubscriptionList>
            {data.contracted.map((s) => (
              <li key={s.subscriptionId}>
                <SubscriptionCard subscription={s} withdrawMode={data.withdrawMode} />
              </li>
            ))}
          </SubscriptionList>
        )}
      </Section>
      {data.plans.length > 0 ? (
        <Section aria-labelledby="plans-contractable">
          <SectionTitle id="plans-contractable">{t`契約できるプラン`}</SectionTitle>
          <PlanGrid>
            {data.plans.map((plan) => (
              <li key={plan.planId}>
                <PlanCard plan={plan} headingLevel={3} />
              </li>
            ))}
          </PlanGrid>
        </Section>
      ) : null}
    </MyPageFrame>
  );
}
