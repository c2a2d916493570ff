import { Trans } from '@lingui/react/macro';
import { PlanCard } from '#client/plans/plan-card.tsx';
import { PlanGrid } from '#client/plans/plan-grid.ts';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { PageContainer, PageLead, PageTitle } from '#client/ui/page.ts';

export default function Page() {
  const data = useScreenData('/plans');
  return (
    <PageContainer>
      <PageTitle>
        <Trans>プラン一覧</Trans>
      </PageTitle>
      <PageLead>
        <Trans>表示価格はすべて税込です。</Trans>
      </PageLead>
      {data.plans.length > 0 ? (
        <PlanGrid>
          {data.plans.map((plan) => (
            <li key={plan.planId}>
              <PlanCard plan={plan} headingLevel={2} />
            </li>
          ))}
        </PlanGrid>
      ) : (
        <p>
          <Trans>現在ご購入いただけるプランはありません。</Trans>
        </p>
      )}
    </PageContainer>
  );
}
