import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Text } from '#client/ui/blocks.ts';
import { ButtonLink } from '#client/ui/button.ts';
import { FormColumn } from './narrow.tsx';

/** A completion page's message and the way back to My Page (spec 2: back goes to /mypage). */
export function CompletePanel({ children }: { children: ReactNode }) {
  return (
    <FormColumn>
      <Text role="status">{children}</Text>
      <ButtonLink href="/mypage" variant="primary" size="lg" block>
        <Trans>マイページへ戻る</Trans>
      </ButtonLink>
    </FormColumn>
  );
}
