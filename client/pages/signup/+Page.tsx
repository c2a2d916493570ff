import { PolicyFirstStep } from '#client/identity/signup-first-steps.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';

/** Stores that ask for consent first (signupPolicyFirst): step 1 of 4. */
export default function Page() {
  return <PolicyFirstStep data={useScreenData('/signup')} />;
}
