import { SignupAuthStep } from '#client/identity/signup-first-steps.tsx';
import { AppLead } from '#client/oidc/app-lead.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';

/** An app's sign-up through the store: by e-mail on this page, or with an external ID (decision 0023). */
export default function Page() {
  const data = useScreenData('/oidc/signup/auth');
  return <SignupAuthStep data={data} uid={data.app.uid} intro={<AppLead app={data.app} action="signup" />} />;
}
