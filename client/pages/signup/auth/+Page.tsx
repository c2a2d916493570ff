import { Trans, useLingui } from '@lingui/react/macro';
import { TextLink } from '#client/forms/controls.ts';
import { AuthPage, Divider, LinkRow, Stack } from '#client/identity/auth-page.tsx';
import { codeName as codeNameOf } from '#client/identity/code-name.ts';
import { useRootData } from '#client/root-data.ts';
import { usePageData } from '#client/screen/use-page-data.ts';
import { ButtonLink } from '#client/ui/button.ts';

/** How to sign up. Only e-mail for now: sign-up with an external ID is not available yet. */
export default function Page() {
  const { i18n, t } = useLingui();
  const { storeSettingData, lang } = useRootData();
  const codeName = codeNameOf(i18n, storeSettingData, 'signUp', lang);
  const data = usePageData('/signup/auth');
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
        <ButtonLink href="/signup/email" variant="primary" size="lg" block>
          <Trans>メールアドレスで登録</Trans>
        </ButtonLink>
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
