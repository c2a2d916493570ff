// The first sign-up steps, the store's (/signup, /signup/auth) and those of an app's sign-in
// through the store (/oidc/signup, /oidc/signup/auth with the interaction's uid, decision 0023):
// the same pages, whose links and calls stay with the interaction.
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { ProviderButtons } from '#client/external-ids/provider-buttons.tsx';
import { TextLink } from '#client/forms/controls.ts';
import { FormAlert } from '#client/forms/form-alert.tsx';
import { PolicyConsentForm } from '#client/forms/policy-consent-form.tsx';
import { SignupEmailForm } from '#client/forms/signup-email-form.tsx';
import { interactionHref } from '#client/oidc/interaction-href.ts';
import { useRootData } from '#client/root-data.ts';
import { Divider, LinkRow, Stack } from '#client/ui/blocks.ts';
import { ButtonLink } from '#client/ui/button.ts';
import type { SignupPolicyScreen, SignupStepScreen } from '#domain/identity-screens.ts';
import { AuthPage } from './auth-page.tsx';
import { codeName as codeNameOf } from './code-name.ts';
import { useReturnTo, withReturnTo } from './return-to.ts';

type Props<D> = { data: D; uid?: string; intro?: ReactNode };

const loginHref = (uid: string | undefined, returnTo: string) =>
  uid ? interactionHref('/oidc/login', uid) : withReturnTo('/login', returnTo);

/** Stores that ask for consent first (signupPolicyFirst): step 1 of 4. */
export function PolicyFirstStep({ data, uid, intro }: Props<SignupPolicyScreen>) {
  const { t } = useLingui();
  const returnTo = useReturnTo();
  return (
    <AuthPage
      title={t`規約への同意`}
      step={data}
      width="wide"
      lead={
        <>
          {intro}
          <p>
            <Trans>会員登録の前に、以下の内容をご確認ください。</Trans>
          </p>
        </>
      }
    >
      <Stack gap={24}>
        <PolicyConsentForm
          policies={data.policies}
          restartHref={uid ? interactionHref('/oidc/signup', uid) : '/signup'}
          next={uid ? interactionHref('/oidc/signup/auth', uid) : undefined}
          returnTo={uid ? '' : returnTo}
        />
        <LinkRow>
          <TextLink href={loginHref(uid, returnTo)}>
            <Trans>すでに会員の方はこちらからログイン</Trans>
          </TextLink>
        </LinkRow>
      </Stack>
    </AuthPage>
  );
}

/**
 * How to sign up: by e-mail, or with one of the store's external IDs (decision 0022). For an
 * app's sign-in the e-mail form is on the page itself, and the external IDs come back to the app.
 */
export function SignupAuthStep({ data, uid, intro }: Props<SignupStepScreen>) {
  const { i18n, t } = useLingui();
  const { storeSettingData, lang } = useRootData();
  const codeName = codeNameOf(i18n, storeSettingData, 'signUp', lang);
  const returnTo = useReturnTo();
  // The external ID's e-mail is a member's: never linked silently, the viewer logs in first.
  const emailInUse = usePageContext().urlParsed.search.externalIdError === 'EMAIL_IN_USE';
  return (
    <AuthPage
      title={t`会員登録`}
      step={data}
      lead={
        <>
          {intro}
          <p>
            <Trans>メールアドレスで会員登録を行います。ご入力のアドレスにお送りする{codeName}で、ご本人の確認をいたします。</Trans>
          </p>
        </>
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
        {uid ? (
          <SignupEmailForm uid={uid} />
        ) : (
          <ButtonLink href={withReturnTo('/signup/email', returnTo)} variant="primary" size="lg" block>
            <Trans>メールアドレスで登録</Trans>
          </ButtonLink>
        )}
        <ProviderButtons action="signup" redirectTo={uid ? interactionHref('/oidc/loginInteraction', uid) : returnTo} />
        <Divider>
          <Trans>すでに会員の方</Trans>
        </Divider>
        <LinkRow>
          <TextLink href={loginHref(uid, returnTo)}>
            <Trans>ログインはこちら</Trans>
          </TextLink>
        </LinkRow>
      </Stack>
    </AuthPage>
  );
}
