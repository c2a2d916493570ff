// The payment gateway: what the platform needs from a payment provider. One implementation per
// provider; the sandbox provider (payment-sandbox/) is the one `npm start` and the tests use, and
// a real provider is another adapter behind this same interface.
//
// Rules every implementation keeps:
// - The store's side only ever holds references (tokens, card references, agreement references);
//   a card number never crosses this interface.
// - Every call that stores a card or moves money takes an idempotency key: the same key with the
//   same input answers the first answer again and never charges twice, whatever the retries.
// - A failure is a value, not an exception: `unavailable` means the provider did not answer in
//   time after the adapter's retries, and the same idempotency key may be tried again later.
import type { PaymentMethodType } from '#config-schema/store-settings.ts';

/** Card brand codes of the spec: V Visa, M Mastercard, A Amex, J JCB, D Diners. */
export type CardBrandCode = 'V' | 'M' | 'A' | 'J' | 'D' | 'unknown';

/** What a store's page needs to load the provider's tokenisation script. */
export type BrowserPaymentConfig = {
  /** The provider's origin (for the page's Content-Security-Policy: script, connect, form and frame sources). */
  origin: string;
  /** URL of the tokenisation script, on that origin. */
  scriptUrl: string;
  merchantId: string;
  serviceId: string;
};

/** A card kept by the provider for a customer. */
export type CardOnFile = {
  /** The provider's reference of the stored card: never a card number. */
  cardRef: string;
  brand: CardBrandCode;
  /** The last four digits, for display. */
  last4: string;
  /** YYYYMM */
  expireDate: string;
};

export type GatewayFailure =
  /** The card or the account refused (decline codes are the provider's). */
  | { kind: 'declined'; code: string }
  /** The browser token is unknown, expired, already used or for another store. */
  | { kind: 'invalid_token'; code: string }
  /** A signed result that is tampered, replayed, expired or for another store. */
  | { kind: 'invalid_result'; code: string }
  /** The request itself is wrong (unknown reference, amount mismatch, ...). */
  | { kind: 'invalid_request'; code: string }
  /** No answer in time after retries; nothing is known to have happened, retry with the same key. */
  | { kind: 'unavailable' };

export type GatewayResult<T> = { ok: true; value: T } | { ok: false; failure: GatewayFailure };

/** The 3-D Secure 2 device-information tokens the browser script gives beside the card token. */
export type ThreeDSecureTokens = { tds2infoToken: string; tds2infoTokenKey: string };

/** A form the browser posts to the provider (auto-submitted): carrier billing, PayPal, a 3-D Secure challenge. */
export type ProviderRedirect = { url: string; params: Record<string, string> };

export type ChargeSource =
  | { kind: 'card'; cardRef: string; threeDSecure?: ThreeDSecureTokens }
  | { kind: 'agreement'; agreementRef: string; methodType: PaymentMethodType };

export type AuthorizeInput = {
  storeId: string;
  /** The store's opaque reference of its member at the provider (one customer per store and account). */
  customerRef: string;
  source: ChargeSource;
  /** Yen, tax included, more than 0. */
  amount: number;
  /** The store's order reference, shown in the provider's records. */
  orderRef: string;
  description: string;
  idempotencyKey: string;
  /** Where a 3-D Secure challenge sends the viewer back (with a signed result). */
  returnUrl: string;
  /**
   * Who starts the charge. Absent: the member, present (customer-initiated; the card may ask for
   * 3-D Secure). `merchant`: a renewal without the member (merchant-initiated; never challenged),
   * referencing the charge the member made, and authenticated, on this card for the agreement
   * (`initialChargeRef`; null when there is none): the issuer may refuse it without authentication
   * (`declined`, `authentication_required`). Decision 0049.
   */
  initiator?: { kind: 'merchant'; initialChargeRef: string | null };
};

export type AuthorizeOutcome =
  | { status: 'authorized'; authorizationRef: string }
  /** 3-D Secure challenge: send the browser to the provider; the signed result comes back to returnUrl. */
  | { status: 'challenge'; challengeRef: string; redirect: ProviderRedirect };

/** The verified content of a signed result the provider sent back with the viewer. */
export type RedirectResult = {
  /** The reference startRedirect or the challenge returned. */
  redirectRef: string;
  purpose: 'register' | 'charge' | 'challenge';
  outcome: 'approved' | 'cancelled' | 'failed';
  customerRef: string;
  methodType: PaymentMethodType;
  /** register, approved: the agreement to charge later without the viewer. */
  agreementRef?: string;
  /** charge or challenge, approved: the authorisation to capture. */
  authorizationRef?: string;
  /** A label the member recognises (the carrier account, the PayPal address, masked). */
  label?: string;
  amount?: number;
};

export interface PaymentGateway {
  readonly name: string;
  browserConfig(storeId: string): BrowserPaymentConfig;
  /** Keeps the card behind a one-time browser token with the provider, for this customer. */
  registerCard(input: {
    storeId: string;
    customerRef: string;
    token: string;
    tokenKey: string;
    idempotencyKey: string;
  }): Promise<GatewayResult<CardOnFile>>;
  /** Forgets a stored card (after the member deleted it). */
  deleteCard(input: { storeId: string; customerRef: string; cardRef: string; idempotencyKey: string }): Promise<GatewayResult<null>>;
  /** Starts a redirect method (carrier billing, PayPal): to register an agreement, or to pay once. */
  startRedirect(input: {
    storeId: string;
    customerRef: string;
    methodType: PaymentMethodType;
    purpose: 'register' | 'charge';
    /** charge: the amount, yen. */
    amount?: number;
    orderRef?: string;
    returnUrl: string;
    idempotencyKey: string;
  }): Promise<GatewayResult<{ redirectRef: string; redirect: ProviderRedirect }>>;
  /**
   * Checks a signed result and spends it: refuses a tampered, replayed, expired or other store's
   * result, and one made for another return than the caller's (`purposes`: a registration's
   * return takes 'register', a purchase's 'charge' and 'challenge'), without spending that one;
   * likewise one made for another customer than `customerRef`, when the caller knows the member.
   */
  verifyRedirectResult(input: {
    storeId: string;
    params: Record<string, string>;
    purposes: readonly RedirectResult['purpose'][];
    customerRef?: string;
  }): Promise<GatewayResult<RedirectResult>>;
  authorize(input: AuthorizeInput): Promise<GatewayResult<AuthorizeOutcome>>;
  capture(input: {
    storeId: string;
    authorizationRef: string;
    amount: number;
    idempotencyKey: string;
  }): Promise<GatewayResult<{ chargeRef: string }>>;
  refund(input: {
    storeId: string;
    chargeRef: string;
    amount: number;
    idempotencyKey: string;
  }): Promise<GatewayResult<{ refundRef: string }>>;
}
