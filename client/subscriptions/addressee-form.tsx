import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { ChoiceLabel, Choices, Input } from '#client/forms/controls.ts';
import { Field } from '#client/forms/field.tsx';
import { SubmitButton } from '#client/forms/submit-button.tsx';
import { zodResolver } from '#client/forms/zod-resolver.ts';
import { Stack } from '#client/ui/blocks.ts';
import { ADDRESSEE_MAX, type Honorific, type InvoiceAddressee, invoiceAddresseeSchema } from '#domain/billing/invoice.ts';

type Values = { addressee: string; honorific: Honorific };

/** The invoice's first step (member-area 2 "Invoice"): the addressee, required, at most 100 characters, and its honorific. */
export function AddresseeForm(props: { initial: InvoiceAddressee | null; onDone: (a: InvoiceAddressee) => void }) {
  const { i18n, t } = useLingui();
  const resolver = useMemo(() => zodResolver<Values, InvoiceAddressee>(invoiceAddresseeSchema, i18n), [i18n]);
  const form = useForm<Values, unknown, InvoiceAddressee>({
    mode: 'onTouched',
    defaultValues: props.initial ?? { addressee: '', honorific: 'sama' },
    resolver,
  });
  const honorifics: [Honorific, string][] = [
    ['none', t`なし`],
    ['sama', '様'],
    ['onchu', '御中'],
  ];
  return (
    <form method="post" noValidate onSubmit={form.handleSubmit(props.onDone)}>
      <Stack>
        <Field label={t`宛名`} usage="REQUIRED" error={form.formState.errors.addressee?.message} hint={t`${ADDRESSEE_MAX}文字以内`}>
          {(control) => <Input type="text" autoComplete="name" {...control} {...form.register('addressee')} />}
        </Field>
        <Field label={t`敬称`} usage="REQUIRED" group>
          {() => (
            <Choices>
              {honorifics.map(([value, label]) => (
                <ChoiceLabel key={value}>
                  <input type="radio" value={value} {...form.register('honorific')} />
                  {label}
                </ChoiceLabel>
              ))}
            </Choices>
          )}
        </Field>
        <SubmitButton>
          <Trans>領収書を表示する</Trans>
        </SubmitButton>
      </Stack>
    </form>
  );
}
