import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';

export type ProviderRedirectView = { url: string; params: Record<string, string> };

/**
 * The provider's page (3-D Secure challenge, carrier billing, PayPal): a form posted to it at once,
 * with a button in case scripts stop before the submit.
 */
export function ProviderRedirectForm({ redirect }: { redirect: ProviderRedirectView }) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => ref.current?.submit(), []);
  return (
    <form ref={ref} method="post" action={redirect.url}>
      {Object.entries(redirect.params).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p>
        <Trans>お支払い画面へ移動しています。</Trans>
      </p>
      <button type="submit">
        <Trans>移動しない場合はこちら</Trans>
      </button>
    </form>
  );
}
