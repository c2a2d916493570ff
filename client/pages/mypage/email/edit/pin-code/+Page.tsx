import { Trans, useLingui } from '@lingui/react/macro';
import { confirmEmailEdit } from '#client/api/credential-calls.ts';
import { followRedirect } from '#client/api/follow-redirect.ts';
import { resendCode } from '#client/api/identity-calls.ts';
import { TextLink } from '#client/forms/controls.ts';
import { defaultErrorText } from '#client/forms/server-error.ts';

import { CodeEntry, flowEnded } from '#client/identity/code-entry.tsx';
import { asLabel, codeName as codeNameOf } from '#client/identity/code-name.ts';
import { MyPageFrame } from '#client/mypage/frame.tsx';
import { FormColumn } from '#client/mypage/narrow.tsx';
import { useRootData } from '#client/root-data.ts';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { LinkRow, Text } from '#client/ui/blocks.ts';

export default function Page() {
  const { i18n, t } = useLingui();
  const { storeSettingData, lang } = useRootData();
  const data = useScreenData('/mypage/email/edit/pin-code');
  const codeName = codeNameOf(i18n, storeSettingData, 'mailEdit', lang);
  const email = data.email;
  return (
    <MyPageFrame title={t`メールアドレス変更`}>
      <FormColumn>
        <Text>
          <Trans>
            <strong>{email}</strong> 宛に{codeName}を送信しました。
          </Trans>
        </Text>
        <CodeEntry
          codeName={codeName}
          label={asLabel(codeName)}
          submitLabel={t`変更する`}
          serverField="pinCode"
          fallback={defaultErrorText(i18n)}
          validityMinutes={data.validityMinutes}
          resendCountdownSeconds={data.resendCountdownSeconds}
          resendHintMinutes={data.resendHintMinutes}
          onSubmit={async (pinCode) => {
            const result = await confirmEmailEdit({ email, pinCode });
            if (!result.ok) return result.error;
            await followRedirect(result.data.redirectTo);
            return null;
          }}
          onResend={async () => {
            const result = await resendCode('mailEdit');
            return result.ok ? null : result.error;
          }}
          // The change has ended (expired, or replaced by another): start again from step 1.
          describeError={flowEnded('/mypage/email/edit', <Trans>最初からやり直す</Trans>)}
        />
        <LinkRow>
          <TextLink href="/mypage/email/edit">
            <Trans>戻る</Trans>
          </TextLink>
        </LinkRow>
      </FormColumn>
    </MyPageFrame>
  );
}
