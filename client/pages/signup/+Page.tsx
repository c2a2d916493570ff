import { Trans, useLingui } from '@lingui/react/macro';
import { TextLink } from '#client/forms/controls.ts';
import { PolicyConsentForm } from '#client/forms/policy-consent-form.tsx';
import { AuthPage, LinkRow, Stack } from '#client/identity/auth-page.tsx';
import { usePageData } from '#client/screen/use-page-data.ts';

/** Stores that ask for consent first (signupPolicyFirst): step 1 of 4. */
export default function Page() {
  const { t } = useLingui();
  const data = usePageData('/signup');
  return (
    <AuthPage
      title={t`規約への同意`}
      step={data}
      width="wide"
      lead={
        <p>
          <Trans>会員登録の前に、以下の内容をご確認ください。</Trans>
        </p>
      }
    >
      <Stack gap={24}>
        <PolicyConsentForm policies={data.policies} restartHref="/signup" />
        <LinkRow>
          <TextLink href="/login">
            <Trans>すでに会員の方はこちらからログイン</Trans>
          </TextLink>
        </LinkRow>
      </Stack>
    </AuthPage>
  );
}
