import { LoginCodeView } from '#client/identity/login-code-view.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';

export default function Page() {
  return <LoginCodeView data={useScreenData('/login/code')} />;
}
