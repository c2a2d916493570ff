import { useLingui } from '@lingui/react/macro';
import { ProviderButtons } from '#client/external-ids/provider-buttons.tsx';
import { LoginForm } from '#client/forms/login-form.tsx';
import { AuthPage } from '#client/identity/auth-page.tsx';
import { AppLead } from '#client/oidc/app-lead.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';

/**
 * An app's sign-in through the store (decision 0023): the store's login form, whose calls carry
 * the interaction; the external-ID buttons come back to it too.
 */
export default function Page() {
  const { t } = useLingui();
  const data = useScreenData('/oidc/login');
  return (
    <AuthPage title={t`ログイン`} lead={<AppLead app={data.app} action="login" />}>
      {/* A navigation to another mode (a link with ?loginType) starts the form afresh. */}
      <LoginForm
        key={data.loginType}
        initialMode={data.loginType}
        redirectTo={data.returnTo}
        uid={data.app.uid}
        initialEmailUserId={data.loginHint}
      />
      <ProviderButtons action="login" redirectTo={data.returnTo} />
    </AuthPage>
  );
}
