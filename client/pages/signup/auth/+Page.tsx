import { SignupAuthStep } from '#client/identity/signup-first-steps.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';

/** How to sign up: by e-mail, or with one of the store's external IDs (decision 0022). */
export default function Page() {
  return <SignupAuthStep data={useScreenData('/signup/auth')} />;
}
