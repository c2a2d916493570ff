import { LoginCodeView } from '#client/identity/login-code-view.tsx';
import { usePageData } from '#client/screen/use-page-data.ts';

export default function Page() {
  return <LoginCodeView data={usePageData('/login/code')} />;
}
