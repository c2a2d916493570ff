import { Trans, useLingui } from '@lingui/react/macro';

import { MyPageFrame } from '#client/mypage/frame.tsx';
import { Stack, Text } from '#client/ui/blocks.ts';
import { ButtonLink } from '#client/ui/button.ts';

export default function Page() {
  const { t } = useLingui();
  return (
    <MyPageFrame title={t`会員情報変更完了`}>
      <Stack gap={24}>
        <Text>
          <Trans>会員情報を変更しました。</Trans>
        </Text>
        <ButtonLink href="/mypage" variant="primary" size="lg" block>
          <Trans>マイページへ戻る</Trans>
        </ButtonLink>
      </Stack>
    </MyPageFrame>
  );
}
