import { Trans, useLingui } from '@lingui/react/macro';
import { FormAlert } from '#client/forms/form-alert.tsx';

import { MyPageFrame } from '#client/mypage/frame.tsx';
import { WithdrawForm } from '#client/mypage/withdraw-form.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { Stack } from '#client/ui/blocks.ts';
import { ButtonLink } from '#client/ui/button.ts';

/**
 * /withdraw: the confirmation (spec 2 "Withdrawal", step 1). While a subscription would renew the
 * withdrawal is refused: the page says so and leads to the plan list in withdraw mode.
 */
export default function Page() {
  const { t } = useLingui();
  const data = useScreenData('/withdraw');
  return (
    <MyPageFrame title={t`退会`}>
      {data.blockedByPlan ? (
        <Stack>
          <FormAlert>
            <Trans>ご契約中のプランがあるため退会できません。プランを解約してから、もう一度お試しください。</Trans>
          </FormAlert>
          <ButtonLink href="/mypage/plans?returnTo=%2Fwithdraw" variant="primary" size="lg" block>
            <Trans>ご契約中のプランを確認する</Trans>
          </ButtonLink>
        </Stack>
      ) : (
        <WithdrawForm survey={data.survey} />
      )}
    </MyPageFrame>
  );
}
