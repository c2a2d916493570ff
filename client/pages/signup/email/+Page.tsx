import { Trans, useLingui } from '@lingui/react/macro';
import { PROVIDER_NAMES } from '#client/external-ids/providers.tsx';
import { TextLink } from '#client/forms/controls.ts';
import { SignupEmailForm } from '#client/forms/signup-email-form.tsx';
import { AuthPage } from '#client/identity/auth-page.tsx';
import { codeName as codeNameOf } from '#client/identity/code-name.ts';
import { useReturnTo } from '#client/identity/return-to.ts';
import { useRootData } from '#client/root-data.ts';
import { useScreenData } from '#client/screen/use-screen-data.ts';

export default function Page() {
  const { i18n, t } = useLingui();
  const { storeSettingData, lang } = useRootData();
  const codeName = codeNameOf(i18n, storeSettingData, 'signUp', lang);
  const data = useScreenData('/signup/email');
  const returnTo = useReturnTo();
  const external = data.externalId;
  const provider = external ? PROVIDER_NAMES[external.provider] : '';
  return (
    <AuthPage
      title={t`メールアドレスの入力`}
      step={data}
      lead={
        <p>
          {!external ? (
            <Trans>ご登録いただくメールアドレスを入力してください。確認のための{codeName}をお送りします。</Trans>
          ) : external.email ? (
            <Trans>
              {provider}のメールアドレスを入力してあります。このアドレスでよければ、ご本人の確認のため{codeName}
              をお送りします。別のアドレスに変更することもできます。
            </Trans>
          ) : (
            <Trans>
              {provider}からメールアドレスを受け取れませんでした。ご登録いただくメールアドレスを入力してください。確認のための{codeName}
              をお送りします。
            </Trans>
          )}
        </p>
      }
    >
      <SignupEmailForm initialEmail={external?.email ?? ''} returnTo={returnTo} />
      {external && (
        // Back to the choice: the sign-up begun with the external ID ends there (decision 0024).
        <p>
          <TextLink href="/signup/auth">
            <Trans>{provider}を使わずに登録する</Trans>
          </TextLink>
        </p>
      )}
    </AuthPage>
  );
}
