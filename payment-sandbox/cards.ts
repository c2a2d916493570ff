// The published test cards of the sandbox: the card number decides what happens. Any other
// Luhn-valid number of a known brand behaves like a success card.

export type Brand = 'V' | 'M' | 'A' | 'J' | 'D';

export type CardBehaviour =
  /** Registers and charges. */
  | 'success'
  /** Registers; every authorisation is declined (card_declined). */
  | 'decline'
  /** Registers; every authorisation is declined for lack of funds (insufficient_funds). */
  | 'insufficient_funds'
  /**
   * Registers; every customer-initiated authorisation asks for a 3-D Secure challenge first. A
   * merchant-initiated one (a renewal) that references a charge the member authenticated on this
   * card is authorised without one; without such a reference it is declined (authentication_required).
   */
  | 'challenge'
  /**
   * Like `challenge`, but the issuer refuses every merchant-initiated authorisation without
   * authentication (authentication_required), whatever it references: its renewals go on hold and
   * the member's retry runs the challenge.
   */
  | 'challenge_every_time'
  /** The provider says the card is expired when it is registered (expired_card). */
  | 'expired'
  /** The tokenisation answers the system error 99006. */
  | 'token_system_error';

export const TEST_CARDS: readonly { number: string; brand: Brand; behaviour: CardBehaviour; note: string }[] = [
  { number: '4111111111111111', brand: 'V', behaviour: 'success', note: 'Visa, success' },
  { number: '5555555555554444', brand: 'M', behaviour: 'success', note: 'Mastercard, success' },
  { number: '3530111333300000', brand: 'J', behaviour: 'success', note: 'JCB, success' },
  { number: '378282246310005', brand: 'A', behaviour: 'success', note: 'American Express, success (4-digit security code)' },
  { number: '30569309025904', brand: 'D', behaviour: 'success', note: 'Diners Club, success' },
  { number: '4000000000000002', brand: 'V', behaviour: 'decline', note: 'Visa, declined on charge' },
  { number: '4000000000009995', brand: 'V', behaviour: 'insufficient_funds', note: 'Visa, declined on charge (insufficient funds)' },
  { number: '4000000000003220', brand: 'V', behaviour: 'challenge', note: 'Visa, 3-D Secure challenge on every customer-initiated charge' },
  { number: '3566002020360505', brand: 'J', behaviour: 'challenge', note: 'JCB, 3-D Secure challenge on every charge' },
  {
    number: '4000002760003184',
    brand: 'V',
    behaviour: 'challenge_every_time',
    note: 'Visa, 3-D Secure challenge on every charge; renewals (merchant-initiated) refused without authentication',
  },
  { number: '4000000000000069', brand: 'V', behaviour: 'expired', note: 'Visa, refused as expired when registered' },
  { number: '4000000000000119', brand: 'V', behaviour: 'token_system_error', note: 'Visa, tokenisation answers 99006' },
];

/** The one-time password the 3-D Secure challenge page accepts. */
export const CHALLENGE_OTP = '1234';

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The brand by prefix (IIN ranges of the five brands of the spec). */
export function brandOf(digits: string): Brand | null {
  if (/^4/.test(digits)) return 'V';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'M';
  if (/^3[47]/.test(digits)) return 'A';
  if (/^35(2[89]|[3-8]\d)/.test(digits)) return 'J';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'D';
  return null;
}

/** Allowed lengths of the card number per brand. */
export const LENGTHS: Record<Brand, number[]> = { V: [16], M: [16], A: [15], J: [16], D: [14] };

export function behaviourOf(digits: string): CardBehaviour {
  return TEST_CARDS.find((c) => c.number === digits)?.behaviour ?? 'success';
}
