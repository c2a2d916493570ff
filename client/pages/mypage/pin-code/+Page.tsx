import { useLingui } from '@lingui/react/macro';
import { MyPageFrame } from '#client/mypage/frame.tsx';
import { PinCodeForm } from '#client/mypage/pin-code-form.tsx';

/** /mypage/pin-code (spec 2 "PIN code setting"). */
export default function Page() {
  const { t } = useLingui();
  return (
    <MyPageFrame title={t`PINコード設定`}>
      <PinCodeForm />
    </MyPageFrame>
  );
}
