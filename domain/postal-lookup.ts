// The postal-code lookup of the profile forms (spec 2 "Basic information edit", 5 "Postal code"):
// one result fills the prefecture and address at once; several results, or a repeat lookup of
// the code that just filled them, open the address-choice dialog, whose 決定 waits for a choice.
// The distinct fills of the results are client/forms/postal-fill.ts (addressFills).
import { toHalfWidthDigits } from './validation/normalize.ts';

export const POSTAL_CODE_LENGTH = 7;

/** The lookup button is enabled only with at least 7 digits typed. */
export function canLookUpPostalCode(text: string): boolean {
  return toHalfWidthDigits(text).replace(/\D/g, '').length >= POSTAL_CODE_LENGTH;
}

export type PostalLookupAction = 'notFound' | 'fill' | 'choose';

/**
 * What a lookup does with its `choices` (distinct fills): none is "not found"; one fills at once
 * unless the same code already filled the form (the member asks again to pick another address);
 * several open the dialog.
 */
export function postalLookupAction(choices: number, lookup: { code: string; lastFilledCode: string | null }): PostalLookupAction {
  if (choices <= 0) return 'notFound';
  if (choices > 1 || lookup.code === lookup.lastFilledCode) return 'choose';
  return 'fill';
}

/** 決定 is enabled once an address is picked. */
export function canConfirmAddressChoice(picked: unknown): boolean {
  return picked !== null && picked !== undefined;
}
