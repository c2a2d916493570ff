import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { lookupPostalCode } from '#client/api/postal.ts';
import { Button } from '#client/ui/button.ts';
import { VisuallyHidden } from '#client/ui/visually-hidden.ts';
import { AddressDialog } from './address-dialog.tsx';
import { Input } from './controls.ts';
import { Field, type Usage } from './field.tsx';
import { errorOf } from './form-errors.ts';
import { digitsOnly, formatted } from './formatted-input.ts';
import { type AddressFill, postalOutcome } from './postal-fill.ts';
import { profileHint, profileLabel } from './profile-field-texts.ts';
import { summaryText } from './server-error.ts';

const Row = styled.div`
  display: flex;
  gap: 8px;
  & input {
    max-width: 12rem;
  }
  & button {
    flex: none;
    min-height: 48px;
  }
`;

type Values = { postalCode: string; prefecture?: string; address?: string };

/**
 * The postal code (7 digits) and 住所検索: one town fills the prefecture and address at once;
 * several open a dialog to pick from; a failure is put on the postal code.
 */
export function PostalCodeField({ usage, fills }: { usage: Usage; fills: { prefecture: boolean; address: boolean } }) {
  const { i18n, t } = useLingui();
  const { register, control, setError, clearErrors, setValue, formState } = useFormContext<Values>();
  const code = useWatch({ control, name: 'postalCode' }) ?? '';
  const [busy, setBusy] = useState(false);
  const [choices, setChoices] = useState<AddressFill[] | null>(null);
  const [done, setDone] = useState('');
  // The code whose address was last filled: looking it up again opens the choice (spec 2).
  const filledCode = useRef<string | null>(null);
  const searchable = fills.prefecture || fills.address;
  const searchButton = useRef<HTMLButtonElement>(null);
  // Focus goes back to 住所検索 when the dialog closes, whichever way.
  const closeDialog = () => {
    setChoices(null);
    window.requestAnimationFrame(() => searchButton.current?.focus());
  };

  const apply = (fill: AddressFill) => {
    const opts = { shouldValidate: true, shouldDirty: true, shouldTouch: true };
    if (fill.prefecture !== undefined) setValue('prefecture', fill.prefecture, opts);
    if (fill.address !== undefined) setValue('address', fill.address, opts);
    if (choices) closeDialog();
    const address = fill.label;
    setDone(t`住所を入力しました：${address}`);
  };

  const search = async () => {
    if (busy) return;
    setBusy(true);
    setDone('');
    clearErrors('postalCode');
    const result = await lookupPostalCode(code);
    setBusy(false);
    if (!result.ok) {
      setError(
        'postalCode',
        {
          type: 'server',
          message: result.error.fields?.postalCode ?? summaryText(i18n, result.error, t`該当する住所が見つかりませんでした。`),
        },
        { shouldFocus: true },
      );
      return;
    }
    const outcome = postalOutcome(result.data.results, fills, { repeat: filledCode.current === code });
    filledCode.current = code;
    if (outcome.kind === 'none')
      setError('postalCode', { type: 'server', message: t`該当する住所が見つかりませんでした。` }, { shouldFocus: true });
    else if (outcome.kind === 'single') apply(outcome.fill);
    else setChoices(outcome.choices);
  };

  return (
    <Field
      label={profileLabel(i18n, 'postalCode')}
      usage={usage}
      hint={profileHint(i18n, 'postalCode')}
      error={errorOf(formState.errors, 'postalCode')}
    >
      {(c) => (
        <>
          <Row>
            <Input
              {...c}
              {...formatted(register('postalCode'), digitsOnly(7))}
              type="text"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={7}
            />
            {searchable ? (
              <Button
                ref={searchButton}
                type="button"
                variant="secondary"
                disabled={!/^\d{7}$/.test(code)}
                aria-busy={busy || undefined}
                onClick={search}
              >
                <Trans>住所検索</Trans>
              </Button>
            ) : null}
          </Row>
          <VisuallyHidden role="status">{done}</VisuallyHidden>
          {choices ? <AddressDialog choices={choices} onPick={apply} onClose={closeDialog} /> : null}
        </>
      )}
    </Field>
  );
}
