import { PolicyPage } from '#client/policies/policy-page.tsx';
import { usePageData } from '#client/screen/use-screen-data.ts';

export default function Page() {
  return <PolicyPage policy={usePageData('/privacy').policy} />;
}
