import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Stack } from '#client/ui/blocks.ts';
import { ButtonLink } from '#client/ui/button.ts';
import { MyPageFrame } from './frame.tsx';

/** A completion page: its title, what happened, and the way on (My Page unless said otherwise). */
export function Completion(props: { title: string; children: ReactNode; next?: { href: string; label: ReactNode } }) {
  const next = props.next ?? { href: '/mypage', label: <Trans>マイページへ戻る</Trans> };
  return (
    <MyPageFrame title={props.title}>
      <Stack>
        {props.children}
        <ButtonLink href={next.href} variant="primary" size="lg" block>
          {next.label}
        </ButtonLink>
      </Stack>
    </MyPageFrame>
  );
}
