import { Trans, useLingui } from '@lingui/react/macro';
import { SignupProfileForm } from '#client/forms/signup-profile-form.tsx';
import { AuthPage } from '#client/identity/auth-page.tsx';
import { usePageData } from '#client/screen/use-page-data.ts';

export default function Page() {
  const { t } = useLingui();
  const data = usePageData('/signup/form');
  return (
    <AuthPage
      title={t`会員情報の入力`}
      step={data}
      width="wide"
      lead={
        <p>
          <Trans>会員情報を入力してください。「必須」の項目は入力が必要です。</Trans>
        </p>
      }
    >
      <SignupProfileForm email={data.email} />
    </AuthPage>
  );
}
