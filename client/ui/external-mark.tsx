import { Trans } from '@lingui/react/macro';
import { ExternalLinkIcon } from './icons.tsx';
import { VisuallyHidden } from './visually-hidden.ts';

/** The mark after a link that opens a new tab: an icon, and the same fact for screen readers. */
export function ExternalMark() {
  return (
    <>
      <ExternalLinkIcon />
      <VisuallyHidden>
        <Trans>（新しいタブで開きます）</Trans>
      </VisuallyHidden>
    </>
  );
}
