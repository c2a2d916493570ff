import { Trans, useLingui } from '@lingui/react/macro';
import { FormAlert } from '#client/forms/form-alert.tsx';
import { AuthPage } from '#client/identity/auth-page.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { Stack, Text } from '#client/ui/blocks.ts';
import { ButtonLink } from '#client/ui/button.ts';

export default function Page() {
  const { t } = useLingui();
  const { hintMinutes } = useScreenData('/password/forgot/complete');
  return (
    <AuthPage title={t`メールを送信しました`}>
      <Stack gap={20}>
        <Text>
          <Trans>
            ご入力のメールアドレスが登録されている場合、パスワード再設定用のリンクをお送りしました。メールに記載のリンクから、新しいパスワードを設定してください。
          </Trans>
        </Text>
        <FormAlert tone="info">
          <p>
            <Trans>
              {hintMinutes}
              分以上経ってもメールが届かない場合は、メールアドレスに誤りがないか、迷惑メールフォルダに振り分けられていないかをご確認のうえ、もう一度お手続きください。
            </Trans>
          </p>
        </FormAlert>
        <ButtonLink href="/password/forgot" variant="secondary" size="lg" block>
          <Trans>もう一度送信する</Trans>
        </ButtonLink>
        <ButtonLink href="/login" variant="quiet" size="md" block>
          <Trans>ログイン画面に戻る</Trans>
        </ButtonLink>
      </Stack>
    </AuthPage>
  );
}
