import { Trans, useLingui } from '@lingui/react/macro';
import { usePageContext } from 'vike-react/usePageContext';
import { ProviderButtons } from '#client/external-ids/provider-buttons.tsx';
import { TextLink } from '#client/forms/controls.ts';
import { FormAlert } from '#client/forms/form-alert.tsx';
import { AuthPage, Divider, LinkRow, Stack } from '#client/identity/auth-page.tsx';
import { codeName as codeNameOf } from '#client/identity/code-name.ts';
import { useRootData } from '#client/root-data.ts';
import { usePageData } from '#client/screen/use-page-data.ts';
import { ButtonLink } from '#client/ui/button.ts';

/** How to sign up: by e-mail, or with one of the store's external IDs (decision 0022). */
export default function Page() {
  const { i18n, t } = useLingui();
  const { storeSettingData, lang } = useRootData();
  const codeName = codeNameOf(i18n, storeSettingData, 'signUp', lang);
  const data = usePageData('/signup/auth');
  // The external ID's e-mail is a member's: never linked silently, the viewer logs in first.
  const emailInUse = usePageContext().urlParsed.search.externalIdError === 'EMAIL_IN_USE';
  return (
    <AuthPage
      title={t`会員登録`}
      step={data}
      lead={
        <p>
          <Trans>メールアドレスで会員登録を行います。ご入力のアドレスにお送りする{codeName}で、ご本人の確認をいたします。</Trans>
        </p>
      }
    >
      <Stack gap={24}>
        {emailInUse ? (
          <FormAlert>
            <Trans>
              この外部IDのメールアドレスは既に会員登録に使われています。そのアカウントでログインしてから、マイページで外部IDを連携してください。
            </Trans>
          </FormAlert>
        ) : null}
        <ButtonLink href="/signup/email" variant="primary" size="lg" block>
          <Trans>メールアドレスで登録</Trans>
        </ButtonLink>
        <ProviderButtons action="signup" />
        <Divider>
          <Trans>すでに会員の方</Trans>
        </Divider>
        <LinkRow>
          <TextLink href="/login">
            <Trans>ログインはこちら</Trans>
          </TextLink>
        </LinkRow>
      </Stack>
    </AuthPage>
  );
}
