import { LegalNoticePage } from '#client/legal/legal-notice-page.tsx';
import { usePageData } from '#client/screen/use-page-data.ts';

export default function Page() {
  return <LegalNoticePage data={usePageData('/legal/tokushoho')} />;
}
