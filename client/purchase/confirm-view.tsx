import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { followRedirect } from '#client/api/follow-redirect.ts';
import { TextLink } from '#client/forms/controls.ts';
import { ServerAlert, useServerAlert } from '#client/forms/server-alert.tsx';
import { defaultErrorText } from '#client/forms/server-error.ts';
import { SubmitButton } from '#client/forms/submit-button.tsx';
import { methodLabel, methodTypeLabel } from '#domain/commerce/method-texts.ts';
import { confirmActOf } from '#domain/commerce/order-terms.ts';
import { confirmButtonText } from '#domain/commerce/order-terms-text.ts';
import type { ScreenData } from '#domain/screen-data.ts';
import { purchase } from './calls.ts';
import { OrderSummary } from './order-summary.tsx';
import { ProviderRedirectForm, type ProviderRedirectView } from './provider-redirect.tsx';

/**
 * The confirmation (spec 4 "Purchase"): the order verification, then one purchase with the token.
 * A double click sends one call (the button is busy), and the server charges once anyway.
 */
export function ConfirmView({ data, signup }: { data: ScreenData<'/plans/@planId/confirm'>; signup: boolean }) {
  const { i18n } = useLingui();
  const server = useServerAlert();
  const [busy, setBusy] = useState(false);
  const [redirect, setRedirect] = useState<ProviderRedirectView | null>(null);
  const planId = data.plan.planId;
  const methodText = data.method ? methodLabel(i18n, data.method) : methodTypeLabel(i18n, data.methodType);

  const buy = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    server.clear();
    const result = await purchase(planId, { purchaseToken: data.purchaseToken });
    if (result.ok) {
      if (result.data.providerRedirect) return setRedirect(result.data.providerRedirect);
      await followRedirect(signup ? result.data.redirectTo.replace(/^\/plans\//, '/signup/plans/') : result.data.redirectTo);
      return;
    }
    setBusy(false);
    server.show(result.error, { fields: [], fallback: defaultErrorText(i18n), setError: () => {}, restartHref: `/plans/${planId}` });
  };

  if (redirect) return <ProviderRedirectForm redirect={redirect} />;
  return (
    <form method="post" noValidate onSubmit={buy}>
      <OrderSummary data={data} methodText={methodText} />
      <ServerAlert state={server.state} />
      {/* The button names the act it completes (特定申込み; decision 0045), never a bare 購入する. */}
      <SubmitButton busy={busy}>{confirmButtonText(i18n, confirmActOf(data.terms))}</SubmitButton>
      <p>
        <TextLink href={`/plans/${planId}`}>
          <Trans>入力画面に戻る</Trans>
        </TextLink>
      </p>
    </form>
  );
}
