import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { AuthPage } from '#client/identity/auth-page.tsx';
import { PlanCard } from '#client/plans/plan-card.tsx';
import { PlanGrid } from '#client/plans/plan-grid.ts';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { Stack } from '#client/ui/blocks.ts';
import { ButtonLink } from '#client/ui/button.ts';
import { ArrowRightIcon } from '#client/ui/icons.tsx';

const Skip = styled.div`
  display: flex;
  justify-content: center;
`;

/** Right after sign-up: the store's plans, or go on without one. */
export default function Page() {
  const { t } = useLingui();
  const data = useScreenData('/signup/plans');
  return (
    <AuthPage
      title={t`プランを選ぶ`}
      step={data}
      width="full"
      lead={
        <>
          <p>
            <Trans>会員登録が完了しました。続けてプランをご契約いただけます。</Trans>
          </p>
          <p>
            <Trans>表示価格はすべて税込です。</Trans>
          </p>
        </>
      }
    >
      <Stack gap={32}>
        {data.plans.length > 0 ? (
          <PlanGrid>
            {data.plans.map((plan) => (
              <li key={plan.planId}>
                <PlanCard plan={plan} headingLevel={2} from="signup" />
              </li>
            ))}
          </PlanGrid>
        ) : null}
        <Skip>
          <ButtonLink href="/signup/complete" variant="secondary" size="lg">
            <Trans>プランを選ばずに進む</Trans>
            <ArrowRightIcon />
          </ButtonLink>
        </Skip>
      </Stack>
    </AuthPage>
  );
}
