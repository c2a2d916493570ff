import { Trans, useLingui } from '@lingui/react/macro';
import { followRedirect } from '#client/api/follow-redirect.ts';
import { resendCode } from '#client/api/identity-calls.ts';
import { withdraw } from '#client/api/mypage-privacy-calls.ts';
import { TextLink } from '#client/forms/controls.ts';
import { defaultErrorText } from '#client/forms/server-error.ts';

import { CodeEntry } from '#client/identity/code-entry.tsx';
import { asLabel, codeName as codeNameOf } from '#client/identity/code-name.ts';
import { MyPageFrame } from '#client/mypage/frame.tsx';
import { useRootData } from '#client/root-data.ts';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { LinkRow, Stack } from '#client/ui/blocks.ts';

/** /withdraw/pin-code: the code mailed to the member erases the account (spec 2 "Withdrawal", step 2). */
export default function Page() {
  const { i18n, t } = useLingui();
  const { storeSettingData, lang } = useRootData();
  const data = useScreenData('/withdraw/pin-code');
  const codeName = codeNameOf(i18n, storeSettingData, 'withdraw', lang);
  const email = data.email;
  return (
    <MyPageFrame title={t`${codeName}の入力`}>
      <Stack gap={24}>
        <p>
          <Trans>
            <strong>{email}</strong> 宛に{codeName}を送信しました。入力すると退会が完了し、取り消すことはできません。
          </Trans>
        </p>
        <CodeEntry
          codeName={codeName}
          label={asLabel(codeName)}
          submitLabel={t`退会する`}
          serverField="pinCode"
          fallback={defaultErrorText(i18n)}
          validityMinutes={data.validityMinutes}
          resendCountdownSeconds={data.resendCountdownSeconds}
          resendHintMinutes={data.resendHintMinutes}
          onSubmit={async (code) => {
            const result = await withdraw(code);
            if (!result.ok) return result.error;
            // The session has ended: a full load renders the header signed out.
            await followRedirect(result.data.redirectTo, { reload: true });
            return null;
          }}
          onResend={async () => {
            const result = await resendCode('withdraw');
            return result.ok ? null : result.error;
          }}
        />
        <LinkRow>
          <TextLink href="/withdraw">
            <Trans>退会の確認に戻る</Trans>
          </TextLink>
        </LinkRow>
      </Stack>
    </MyPageFrame>
  );
}
