import { Trans } from '@lingui/react/macro';
import { CompleteView } from '#client/purchase/complete-view.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { PageContainer, PageTitle } from '#client/ui/page.ts';

/** /plans/@planId/complete: the purchase is done (spec 2); the plan's orderCompletedMessage. */
export default function Page() {
  const data = useScreenData('/plans/@planId/complete');
  return (
    <PageContainer>
      <PageTitle>
        <Trans>お手続き完了</Trans>
      </PageTitle>
      <CompleteView data={data} />
    </PageContainer>
  );
}
