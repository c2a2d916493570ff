import { Trans, useLingui } from '@lingui/react/macro';
import { usePageContext } from 'vike-react/usePageContext';
import { FormAlert } from '#client/forms/form-alert.tsx';
import { PasswordResetForm } from '#client/forms/password-reset-form.tsx';
import { AuthPage } from '#client/identity/auth-page.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { Stack } from '#client/ui/blocks.ts';
import { ButtonLink } from '#client/ui/button.ts';

export default function Page() {
  const { t } = useLingui();
  const data = useScreenData('/password/reset');
  const token = usePageContext().urlParsed.search.token ?? '';
  if (!data.tokenValid || token === '') {
    const minutes = data.validityMinutes;
    return (
      <AuthPage title={t`このリンクは使用できません`}>
        <Stack gap={20}>
          <FormAlert>
            <p>
              <Trans>このリンクは無効か、有効期限が切れています。リンクの有効期限は{minutes}分で、一度使ったリンクは使えません。</Trans>
            </p>
          </FormAlert>
          <ButtonLink href="/password/forgot" variant="primary" size="lg" block>
            <Trans>再設定メールをもう一度受け取る</Trans>
          </ButtonLink>
        </Stack>
      </AuthPage>
    );
  }
  return (
    <AuthPage
      title={t`新しいパスワードの設定`}
      lead={
        <p>
          <Trans>新しいパスワードを入力してください。</Trans>
        </p>
      }
    >
      <PasswordResetForm token={token} />
    </AuthPage>
  );
}
