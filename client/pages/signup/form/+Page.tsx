import { Trans, useLingui } from '@lingui/react/macro';
import { PROVIDER_NAMES } from '#client/external-ids/providers.tsx';
import { SignupProfileForm } from '#client/forms/signup-profile-form.tsx';
import { AuthPage } from '#client/identity/auth-page.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';

export default function Page() {
  const { t } = useLingui();
  const data = useScreenData('/signup/form');
  const provider = data.externalId ? PROVIDER_NAMES[data.externalId.provider] : null;
  return (
    <AuthPage
      title={t`会員情報の入力`}
      step={data}
      width="wide"
      lead={
        <>
          <p>
            <Trans>会員情報を入力してください。「必須」の項目は入力が必要です。</Trans>
          </p>
          {provider ? (
            <p data-external-id-note>
              <Trans>
                {provider}から受け取った情報を入力してあります。内容を確認し、必要に応じて変更してください。ログインには{provider}
                を使うため、パスワードの設定は不要です（あとからマイページで設定できます）。
              </Trans>
            </p>
          ) : null}
        </>
      }
    >
      <SignupProfileForm email={data.email} prefill={data.externalId?.defaults} />
    </AuthPage>
  );
}
