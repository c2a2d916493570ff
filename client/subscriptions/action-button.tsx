import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { followRedirect } from '#client/api/follow-redirect.ts';
import type { ApiResult } from '#client/api/request.ts';
import { FormAlert } from '#client/forms/form-alert.tsx';
import { defaultErrorText, readServerError } from '#client/forms/server-error.ts';
import { SubmitButton } from '#client/forms/submit-button.tsx';
import { ProviderRedirectForm, type ProviderRedirectView } from '#client/purchase/provider-redirect.tsx';

/**
 * A form of one call: the button is disabled while the call runs (and when `disabled`); a refusal
 * shows the server's message above it, a success follows its redirectTo, or posts the browser to
 * the payment provider's page (`providerRedirect`: a retry's 3-D Secure challenge).
 */
export function ActionForm(props: {
  call: () => Promise<ApiResult<{ redirectTo: string; providerRedirect?: ProviderRedirectView }>>;
  disabled?: boolean;
  children: ReactNode;
  before?: ReactNode;
  /** Checks done in the browser first; false stops the call. */
  check?: () => Promise<boolean> | boolean;
}) {
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [redirect, setRedirect] = useState<ProviderRedirectView | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (props.check && !(await props.check())) return;
    setBusy(true);
    setError(null);
    const result = await props.call();
    if (result.ok) {
      if (result.data.providerRedirect) return setRedirect(result.data.providerRedirect);
      await followRedirect(result.data.redirectTo);
      return;
    }
    const view = readServerError(i18n, result.error, { fields: [], fallback: defaultErrorText(i18n) });
    setError([view.summary, ...view.others].filter(Boolean).join(' ') || defaultErrorText(i18n));
    setBusy(false);
  };
  if (redirect) return <ProviderRedirectForm redirect={redirect} />;
  return (
    <form method="post" noValidate onSubmit={submit}>
      {props.before}
      {error ? <FormAlert>{error}</FormAlert> : null}
      <SubmitButton busy={busy} disabled={props.disabled}>
        {props.children}
      </SubmitButton>
    </form>
  );
}
