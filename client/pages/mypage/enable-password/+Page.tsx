import { Trans, useLingui } from '@lingui/react/macro';

import { codeName as codeNameOf } from '#client/identity/code-name.ts';
import { EnablePasswordForm } from '#client/mypage/enable-password-form.tsx';
import { MyPageFrame } from '#client/mypage/frame.tsx';
import { FormColumn } from '#client/mypage/narrow.tsx';
import { useRootData } from '#client/root-data.ts';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { Text } from '#client/ui/blocks.ts';

export default function Page() {
  const { i18n, t } = useLingui();
  const { storeSettingData, lang } = useRootData();
  const data = useScreenData('/mypage/enable-password');
  const codeName = codeNameOf(i18n, storeSettingData, 'passwordSetting', lang);
  const email = data.email;
  return (
    <MyPageFrame title={t`パスワードを設定`}>
      <FormColumn>
        <Text>
          <Trans>
            <strong>{email}</strong> 宛に{codeName}を送信しました。{codeName}と新しいパスワードを入力してください。
          </Trans>
        </Text>
        <EnablePasswordForm
          codeName={codeName}
          validityMinutes={data.validityMinutes}
          resendCountdownSeconds={data.resendCountdownSeconds}
          resendHintMinutes={data.resendHintMinutes}
        />
      </FormColumn>
    </MyPageFrame>
  );
}
