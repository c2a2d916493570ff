import { PolicyPage } from '#client/policies/policy-page.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';

export default function Page() {
  return <PolicyPage policy={useScreenData('/privacy').policy} />;
}
