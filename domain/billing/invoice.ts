// The printable qualified invoice of one payment (member-area 2 "Invoice", 3 "Invoice", 5
// "Invoice addressee", 9; decision 0020): the addressee the member types first, and the amounts
// as the charge recorded them.
import { z } from 'zod';
import { report } from '#domain/validation/issues.ts';

export const ADDRESSEE_MAX = 100;

/** The honorific after the addressee: none, 様 (a person) or 御中 (a company or department). */
export const honorifics = ['none', 'sama', 'onchu'] as const;
export type Honorific = (typeof honorifics)[number];

const HONORIFIC_TEXT: Readonly<Record<Honorific, string>> = { none: '', sama: ' 様', onchu: ' 御中' };

/** The addressee form: required, at most 100 characters after trimming, and an honorific. */
export const invoiceAddresseeSchema = z.object({
  addressee: z
    .string()
    .transform((v) => v.trim())
    .superRefine((v, ctx) => {
      if (v.length === 0) report(ctx, 'invoice.addresseeRequired');
      else if ([...v].length > ADDRESSEE_MAX) report(ctx, 'invoice.addresseeTooLong', { max: ADDRESSEE_MAX });
    }),
  honorific: z.enum(honorifics),
});
export type InvoiceAddressee = z.output<typeof invoiceAddresseeSchema>;

/** The addressee line as printed: 'Aozora Inc. 御中', 'Taro Yamada 様', or the name alone. */
export function addresseeLine(a: InvoiceAddressee): string {
  return `${a.addressee}${HONORIFIC_TEXT[a.honorific]}`;
}

/** A qualified-invoice registration number: T and 13 digits. */
export const REGISTRATION_NUMBER = /^T\d{13}$/;
