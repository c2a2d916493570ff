import { LoginCodeView } from '#client/identity/login-code-view.tsx';
import { AppLead } from '#client/oidc/app-lead.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';

/** The code page of an app's sign-in through the store (decision 0023). */
export default function Page() {
  const data = useScreenData('/oidc/login/code');
  return <LoginCodeView data={data} uid={data.app.uid} intro={<AppLead app={data.app} action="login" />} />;
}
