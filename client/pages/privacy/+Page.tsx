import { PolicyPage } from '#client/policies/policy-page.tsx';
import { usePageData } from '#client/screen/use-page-data.ts';

export default function Page() {
  return <PolicyPage policy={usePageData('/privacy').policy} />;
}
