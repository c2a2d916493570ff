import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { followRedirect } from '#client/api/follow-redirect.ts';
import { registerCard, startLinkRegistration, startPaypalRegistration } from '#client/api/payment-method-calls.ts';
import { ChoiceLabel } from '#client/forms/controls.ts';
import { FormAlert } from '#client/forms/form-alert.tsx';
import { defaultErrorText, summaryText } from '#client/forms/server-error.ts';
import { Button } from '#client/ui/button.ts';
import type { PaymentMethodType } from '#config-schema/store-settings.ts';
import { methodTypeLabel } from '#domain/commerce/method-texts.ts';
import { addKind, type CardProvider } from '#domain/commerce/payment-methods.ts';
import { CardForm } from './card-form.tsx';
import { providerTokenizer } from './provider-script.ts';

const Types = styled.fieldset`
  margin: 0 0 20px;
  padding: 0;
  border: 0;
  & legend {
    margin-bottom: 8px;
    padding: 0;
    font-weight: 700;
  }
`;

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  max-width: 560px;
`;

/**
 * Posts the provider's registration form (spec 7 "link": linkUrl and params, posted by an
 * auto-submitted form): the browser leaves for the carrier's page.
 */
function submitLinkForm(linkUrl: string, params: Record<string, string>) {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = linkUrl;
  for (const [name, value] of Object.entries(params)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}

/** A redirect method's panel: one button that leaves for the provider's page (and comes back to `returnTo`, if any). */
function RedirectPanel({ type, returnTo }: { type: PaymentMethodType; returnTo: string }) {
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = methodTypeLabel(i18n, type);
  const go = async () => {
    setBusy(true);
    setError(null);
    if (addKind(type) === 'paypal') {
      const result = await startPaypalRegistration(returnTo);
      if (result.ok) {
        window.location.assign(result.data.redirectTo);
        return;
      }
      setError(summaryText(i18n, result.error, defaultErrorText(i18n)));
    } else {
      const result = await startLinkRegistration(type, returnTo);
      if (result.ok) {
        submitLinkForm(result.data.linkUrl, result.data.params);
        return;
      }
      setError(summaryText(i18n, result.error, defaultErrorText(i18n)));
    }
    setBusy(false);
  };
  return (
    <Panel>
      <p>
        <Trans>{name}のページに移動して登録します。登録が終わるとこのサイトに戻ります。</Trans>
      </p>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Button type="button" variant="primary" size="lg" block onClick={go} disabled={busy} aria-busy={busy || undefined}>
        <Trans>{name}で登録する</Trans>
      </Button>
    </Panel>
  );
}

/** Add a method (spec 2, 4): choose a type, then the card form, a carrier's page or PayPal's. */
export function AddPaymentMethod({
  types,
  cardProvider,
  returnTo = '',
}: {
  types: PaymentMethodType[];
  cardProvider: CardProvider | null;
  /** The store's page a method added here goes back to (the purchase the member came from). */
  returnTo?: string;
}) {
  const { i18n, t } = useLingui();
  const [type, setType] = useState<PaymentMethodType | null>(types.length === 1 ? (types[0] ?? null) : null);
  const tokenize = useMemo(() => (cardProvider ? providerTokenizer(cardProvider) : null), [cardProvider]);
  if (types.length === 0) return null;
  return (
    <div>
      {types.length > 1 ? (
        <Types>
          <legend>{t`支払い方法の種類`}</legend>
          {types.map((option) => (
            <ChoiceLabel key={option}>
              <input type="radio" name="payment-method-type" value={option} checked={type === option} onChange={() => setType(option)} />
              {methodTypeLabel(i18n, option)}
            </ChoiceLabel>
          ))}
        </Types>
      ) : null}
      {type && addKind(type) === 'card' && tokenize ? (
        <Panel>
          <CardForm
            tokenize={tokenize}
            onTokens={(tokens) => registerCard(tokens, returnTo)}
            onDone={(answer) => followRedirect((answer as { redirectTo?: string }).redirectTo)}
          />
        </Panel>
      ) : null}
      {type && addKind(type) !== 'card' ? <RedirectPanel key={type} type={type} returnTo={returnTo} /> : null}
    </div>
  );
}
