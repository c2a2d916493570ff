import { Trans, useLingui } from '@lingui/react/macro';
import { PolicyConsentForm } from '#client/forms/policy-consent-form.tsx';
import { AuthPage } from '#client/identity/auth-page.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';

/** Consent after the code, for stores that do not ask first. */
export default function Page() {
  const { t } = useLingui();
  const data = useScreenData('/signup/policy');
  return (
    <AuthPage
      title={t`規約への同意`}
      step={data}
      width="wide"
      lead={
        <p>
          <Trans>メールアドレスを確認しました。続いて、以下の内容をご確認ください。</Trans>
        </p>
      }
    >
      <PolicyConsentForm policies={data.policies} restartHref="/signup" />
    </AuthPage>
  );
}
