import { Trans, useLingui } from '@lingui/react/macro';
import { useData } from 'vike-react/useData';
import { SignupProfileForm } from '#client/forms/signup-profile-form.tsx';
import { AuthPage } from '#client/identity/auth-page.tsx';
import type { SignupFormScreen } from '#domain/identity-screens.ts';

export default function Page() {
  const { t } = useLingui();
  const data = useData<SignupFormScreen>();
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
