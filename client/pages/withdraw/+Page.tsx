import { useLingui } from '@lingui/react/macro';
import { MyPageFrame } from '#client/mypage/frame.tsx';
import { WithdrawForm } from '#client/mypage/withdraw-form.tsx';
import { usePageData } from '#client/screen/use-page-data.ts';

/** /withdraw: the confirmation (spec 2 "Withdrawal", step 1). */
export default function Page() {
  const { t } = useLingui();
  const data = usePageData('/withdraw');
  return (
    <MyPageFrame title={t`退会`}>
      <WithdrawForm survey={data.survey} />
    </MyPageFrame>
  );
}
