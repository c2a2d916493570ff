import { LoginCodeView } from '#client/identity/login-code-view.tsx';
import { usePageData } from '#client/screen/use-screen-data.ts';

export default function Page() {
  return <LoginCodeView data={usePageData('/login/code')} />;
}
