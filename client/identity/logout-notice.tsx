import { Plural, Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { LinkButton } from '#client/forms/controls.ts';
import { Hint } from '#client/forms/field.tsx';
import { useHydrated } from '#client/forms/use-hydrated.ts';
import { Stack, Text } from '#client/ui/blocks.ts';
import { ButtonLink } from '#client/ui/button.ts';
import { useCountdown } from './use-countdown.ts';

/**
 * Spec 4: the top page after `redirectSeconds`, counted down on screen. The viewer may go at once
 * or stay (WCAG 2.2.1: a time limit can be turned off). A full load, so the header is rendered
 * signed out.
 */
export function LogoutNotice({ redirectSeconds }: { redirectSeconds: number }) {
  const { left } = useCountdown(redirectSeconds);
  const [stay, setStay] = useState(false);
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated && !stay && left === 0) window.location.assign('/');
  }, [hydrated, stay, left]);
  return (
    <Stack gap={16}>
      {stay ? (
        <Text>
          <Trans>自動での移動を止めました。</Trans>
        </Text>
      ) : (
        <Text aria-live="off">
          <Plural value={left} other="#秒後にトップページへ移動します。" />
        </Text>
      )}
      <ButtonLink href="/" variant="primary" size="lg" block data-vike="false">
        <Trans>トップページへ</Trans>
      </ButtonLink>
      {stay ? null : (
        <Hint>
          <LinkButton type="button" onClick={() => setStay(true)}>
            <Trans>このページにとどまる</Trans>
          </LinkButton>
        </Hint>
      )}
    </Stack>
  );
}
