// The card form's schema (spec 5 "Card number", "Security code", "Expiry"), built for a moment so
// the ten expiry years and "not in the past" follow the clock. The browser checks the form with it
// before asking the provider's script for a token; the card itself never reaches the store's server.
import { z } from 'zod';
import { report, whenObject } from '../validation/issues.ts';
import type { ValidationMessageKey } from '../validation/messages.ts';
import { toHalfWidthDigits } from '../validation/normalize.ts';
import { cardBrand, cardDigits, cardNumberValid, EXPIRY_MONTHS, expiryYears, isExpired, securityCodeLength } from './card.ts';

export type CardFormValues = { cardNumber: string; expiryMonth: string; expiryYear: string; securityCode: string };

/** The values the provider's script takes: digits only, year YYYY, month MM. */
export type CardFormOutput = CardFormValues;

const text = z.string({ error: 'common.invalid' });

/** A select's value: one of `choices`; empty asks for a choice. */
function choice(choices: readonly string[], required: ValidationMessageKey) {
  return text.transform((value, ctx) => {
    if (value === '') report(ctx, required);
    else if (!choices.includes(value)) report(ctx, 'common.invalidOption');
    else return value;
    return z.NEVER;
  });
}

/** The schema of the card form at `now` (the browser builds it when the form opens). */
export function cardFormSchema(now: Date) {
  const years = expiryYears(now);
  return z
    .object(
      {
        cardNumber: text.transform((value, ctx) => {
          const typed = value.trim();
          if (typed === '') {
            report(ctx, 'card.numberRequired');
            return z.NEVER;
          }
          if (!cardNumberValid(typed)) {
            report(ctx, 'card.numberInvalid');
            return z.NEVER;
          }
          return cardDigits(typed);
        }),
        expiryMonth: choice(EXPIRY_MONTHS, 'card.expiryMonthRequired'),
        expiryYear: choice(years, 'card.expiryYearRequired'),
        securityCode: text.transform((value) => toHalfWidthDigits(value.trim())),
      },
      { error: 'common.invalid' },
    )
    .superRefine((v, ctx) => {
      const { cardNumber, expiryMonth, expiryYear, securityCode } = v as Record<string, unknown>;
      if (typeof securityCode === 'string') {
        if (securityCode === '') report(ctx, 'card.securityCodeRequired', undefined, ['securityCode']);
        // The length follows the brand, so it is checked once the number is a card number.
        else if (typeof cardNumber === 'string') {
          const length = securityCodeLength(cardBrand(cardNumber));
          if (!new RegExp(`^\\d{${length}}$`).test(securityCode))
            report(ctx, length === 4 ? 'card.securityCodeFour' : 'card.securityCodeThree', undefined, ['securityCode']);
        }
      }
      if (
        EXPIRY_MONTHS.includes(String(expiryMonth)) &&
        years.includes(String(expiryYear)) &&
        isExpired(`${expiryYear}${expiryMonth}`, now)
      )
        report(ctx, 'card.expired', undefined, ['expiryMonth']);
    }, whenObject);
}
