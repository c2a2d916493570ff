import { useLingui } from '@lingui/react/macro';
import { ProviderButtons } from '#client/external-ids/provider-buttons.tsx';
import { LoginForm } from '#client/forms/login-form.tsx';
import { AuthPage } from '#client/identity/auth-page.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';

export default function Page() {
  const { t } = useLingui();
  const data = useScreenData('/login');
  return (
    <AuthPage title={t`ログイン`}>
      {/* A navigation to another mode (a link with ?loginType) starts the form afresh. */}
      <LoginForm key={data.loginType} initialMode={data.loginType} redirectTo={data.returnTo} />
      <ProviderButtons action="login" redirectTo={data.returnTo} />
    </AuthPage>
  );
}
