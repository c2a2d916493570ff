import { PolicyFirstStep } from '#client/identity/signup-first-steps.tsx';
import { AppLead } from '#client/oidc/app-lead.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';

/** An app's sign-up through the store, consent first (decision 0023). */
export default function Page() {
  const data = useScreenData('/oidc/signup');
  return <PolicyFirstStep data={data} uid={data.app.uid} intro={<AppLead app={data.app} action="signup" />} />;
}
