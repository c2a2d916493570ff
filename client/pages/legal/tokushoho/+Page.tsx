import { LegalNoticePage } from '#client/legal/legal-notice-page.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';

export default function Page() {
  return <LegalNoticePage data={useScreenData('/legal/tokushoho')} />;
}
