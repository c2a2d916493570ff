import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { ApiResult } from '#client/api/request.ts';
import { Input, Select } from '#client/forms/controls.ts';
import { Field } from '#client/forms/field.tsx';
import { ServerAlert, useServerAlert } from '#client/forms/server-alert.tsx';
import { defaultErrorText } from '#client/forms/server-error.ts';
import { SubmitButton } from '#client/forms/submit-button.tsx';
import { zodResolverOnDemand } from '#client/forms/zod-resolver.ts';
import { Stack } from '#client/ui/blocks.ts';
import {
  CARD_BRAND_NAMES,
  cardBrand,
  cardNumberMaxLength,
  EXPIRY_MONTHS,
  emptyCardForm,
  expiryYears,
  formatCardNumber,
  securityCodeLength,
} from '#domain/commerce/card.ts';
import type { CardFormOutput, CardFormValues } from '#domain/commerce/card-form.ts';
import { cardTokenErrorFormField, cardTokenErrorText } from '#domain/commerce/card-token-error.ts';
import type { CardTokens, Tokenize } from './provider-script.ts';

const Row = styled.div`
  display: flex;
  gap: 12px;
  & > * {
    flex: 1 1 0;
    min-width: 0;
  }
`;

const NumberInput = styled(Input)`
  font-variant-numeric: tabular-nums;
  letter-spacing: 0.05em;
`;

const ShortInput = styled(Input)`
  max-width: 8rem;
`;

const Brand = styled.span`
  font-weight: 700;
  color: ${({ theme }) => theme.color.text};
`;

type Props = {
  /** The provider's script: the card goes to the provider, and the tokens come back. */
  tokenize: Tokenize;
  /** Sends the tokens to the store (the card registration or a purchase). */
  onTokens: (tokens: CardTokens) => Promise<ApiResult<unknown>>;
  /** Called after the store accepted the tokens (the form stays busy: the page moves on). */
  onDone: (answer: unknown) => Promise<void> | void;
  submitLabel?: ReactNode;
  /** Checks the rest of the page's form first (a purchase's choices): false stops before the card is sent. */
  beforeTokenize?: () => Promise<boolean>;
};

/**
 * The card form (spec 5 "Card number", "Security code", "Expiry"): the number grouped as it is
 * typed with its brand, the expiry month and year (ten years from now), the security code. It is
 * checked with the domain's schema on blur and on submit, then the provider's script turns the card
 * into tokens; a token error shows its message on its field (or above the button).
 */
export function CardForm({ tokenize, onTokens, onDone, submitLabel, beforeTokenize }: Props) {
  const { i18n, t } = useLingui();
  const now = useMemo(() => new Date(), []);
  const years = useMemo(() => expiryYears(now), [now]);
  const resolver = useMemo(
    () =>
      zodResolverOnDemand<CardFormValues, CardFormOutput>(
        async () => (await import('#domain/commerce/card-form.ts')).cardFormSchema(now),
        i18n,
      ),
    [i18n, now],
  );
  const form = useForm<CardFormValues, unknown, CardFormOutput>({ mode: 'onTouched', defaultValues: emptyCardForm, resolver });
  const server = useServerAlert();
  const [leaving, setLeaving] = useState(false);
  const brand = cardBrand(form.watch('cardNumber'));

  const submit = form.handleSubmit(async (card) => {
    server.clear();
    if (beforeTokenize && !(await beforeTokenize())) return;
    const tokens = await tokenize(card);
    if (!tokens.ok) {
      const field = cardTokenErrorFormField(tokens.code);
      const message = cardTokenErrorText(i18n, tokens.code);
      if (field) form.setError(field, { type: 'token', message }, { shouldFocus: true });
      else
        server.show({ status: 400, code: tokens.code, message, requestId: '' }, { fields: [], fallback: message, setError: form.setError });
      return;
    }
    const { ok: _, ...sent } = tokens;
    const result = await onTokens(sent);
    if (result.ok) {
      setLeaving(true);
      await onDone(result.data);
      return;
    }
    server.show(result.error, { fields: [], fallback: defaultErrorText(i18n), setError: form.setError });
  });

  return (
    <form method="post" noValidate onSubmit={submit} onFocus={resolver.preload} aria-label={t`クレジットカード情報`}>
      <Stack>
        <Controller
          control={form.control}
          name="cardNumber"
          render={({ field, fieldState }) => (
            <Field
              label={t`カード番号`}
              usage="REQUIRED"
              error={fieldState.error?.message}
              after={brand !== 'unknown' ? <Brand data-testid="card-brand">{CARD_BRAND_NAMES[brand]}</Brand> : null}
            >
              {(control) => (
                <NumberInput
                  {...control}
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(e) => field.onChange(formatCardNumber(e.target.value))}
                  type="text"
                  inputMode="numeric"
                  autoComplete="cc-number"
                  placeholder="1234 5678 9012 3456"
                  maxLength={cardNumberMaxLength(brand)}
                />
              )}
            </Field>
          )}
        />
        <Row>
          <Controller
            control={form.control}
            name="expiryMonth"
            render={({ field, fieldState }) => (
              <Field label={t`有効期限（月）`} usage="REQUIRED" error={fieldState.error?.message}>
                {(control) => (
                  <Select {...control} {...field} autoComplete="cc-exp-month">
                    <option value="">{t`月`}</option>
                    {EXPIRY_MONTHS.map((m) => (
                      <option key={m} value={m}>
                        {m}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            )}
          />
          <Controller
            control={form.control}
            name="expiryYear"
            render={({ field, fieldState }) => (
              <Field label={t`有効期限（年）`} usage="REQUIRED" error={fieldState.error?.message}>
                {(control) => (
                  <Select {...control} {...field} autoComplete="cc-exp-year">
                    <option value="">{t`年`}</option>
                    {years.map((y) => (
                      <option key={y} value={y}>
                        {y}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            )}
          />
        </Row>
        <Controller
          control={form.control}
          name="securityCode"
          render={({ field, fieldState }) => (
            <Field
              label={t`セキュリティコード`}
              usage="REQUIRED"
              hint={securityCodeLength(brand) === 4 ? t`カード表面に記載された4桁の数字` : t`カード裏面に記載された3桁の数字`}
              error={fieldState.error?.message}
            >
              {(control) => (
                <ShortInput
                  {...control}
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(e) => field.onChange(e.target.value.replace(/[^\d０-９]/g, '').slice(0, 4))}
                  type="password"
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  maxLength={4}
                />
              )}
            </Field>
          )}
        />
        <ServerAlert state={server.state} />
        <SubmitButton busy={form.formState.isSubmitting || leaving}>{submitLabel ?? <Trans>カードを登録する</Trans>}</SubmitButton>
      </Stack>
    </form>
  );
}
