import { useLingui } from '@lingui/react/macro';
import { MyPageFrame } from '#client/mypage/frame.tsx';
import { WithdrawForm } from '#client/mypage/withdraw-form.tsx';

/** /withdraw: the confirmation (spec 2 "Withdrawal", step 1). */
export default function Page() {
  const { t } = useLingui();
  return (
    <MyPageFrame title={t`退会`}>
      <WithdrawForm />
    </MyPageFrame>
  );
}
