// A member's payment methods (member-area 2, 4 "Payment method", 7; decision 0016): list, add a
// card from the provider's browser token, add a carrier or PayPal agreement through the provider's
// pages, delete (refused while a contract uses the method). The store keeps references only: the
// provider's card reference with brand, last four digits and expiry, or the agreement reference with
// a masked label. The purchase feature charges through `usableMethod` and `customerRefOf`.
import { createHash, randomUUID } from 'node:crypto';
import type { PaymentMethodType } from '#config-schema/store-settings.ts';
import { cardState, isExpired } from '#domain/commerce/card.ts';
import {
  type AccountPaymentMethod,
  addableTypes,
  addKind,
  PAYMENT_METHOD_COMPLETE_PATH,
  PAYMENT_METHOD_DELETE_COMPLETE_PATH,
  PAYMENT_METHOD_PATH,
} from '#domain/commerce/payment-methods.ts';
import { AppError } from '#domain/errors.ts';
import { safeRedirect } from '#domain/safe-redirect.ts';
import type { ChargeSource, GatewayFailure, PaymentGateway, ProviderRedirect, RedirectResult } from '#server/platform/payments/gateway.ts';
import type { Scope } from '#server/platform/tenancy/scope.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';
import type { ContractUse, PurchaseRegistrationWaiting } from './contract-use.ts';
import type { PaymentMethodRepo, StoredPaymentMethod } from './repo.ts';

/** Where the provider sends the viewer back after a redirect registration (a signed result). */
export const PAYMENT_METHOD_RETURN_PATH = '/zapi/account/payment-method/return';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type CardTokens = { token: string; tokenKey: string; tds2infoToken: string; tds2infoTokenKey: string };

/** A method a purchase may charge: its provider source and the member's customer at the provider. */
export type UsableMethod = { id: string; paymentMethodType: PaymentMethodType; customerRef: string; source: ChargeSource };

function providerError(failure: GatewayFailure, otherwise: 'CARD_REGISTRATION_FAILED' | 'INVALID_PAYMENT_RESULT'): AppError {
  if (failure.kind === 'unavailable') return new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
  return new AppError(otherwise, { cause: failure });
}

function offered(store: StoreContext, type: PaymentMethodType): boolean {
  return addableTypes(store.settings.paymentMethods).includes(type);
}

/** The return address's parameter naming the store's page to go back to (a purchase). */
export const RETURN_TO = 'returnTo';

/** `value` as a page of this store to go back to, or undefined (none given, or one that would leave the store). */
export function returnPage(value: unknown): string | undefined {
  const page = safeRedirect(value, '');
  return page === '' ? undefined : page;
}

/** The list with a registration's outcome, keeping the page to go back to for a second try. */
export function paymentMethodList(outcome: string, returnTo: string | undefined): string {
  return `${PAYMENT_METHOD_PATH}?result=${outcome}${returnTo ? `&redirectTo=${encodeURIComponent(returnTo)}` : ''}`;
}

/** A provider redirect as one GET address (the PayPal call answers redirectTo). */
function redirectAddress(redirect: ProviderRedirect): string {
  const url = new URL(redirect.url);
  for (const [k, v] of Object.entries(redirect.params)) url.searchParams.set(k, v);
  return url.toString();
}

export function createPaymentMethodService(deps: {
  repo: PaymentMethodRepo;
  gateway: PaymentGateway;
  contractUse: ContractUse;
  /** Absent: no purchase registers agreements (the unit tests). */
  purchaseRegistrationWaiting?: PurchaseRegistrationWaiting;
  clock: () => Date;
}) {
  const { repo, gateway, clock } = deps;

  /** The member's customer at the provider, created on first need. */
  const ensureCustomerRef = (accountId: string) => repo.ensureCustomer(accountId, `cus_${randomUUID()}`);

  async function findOwn(accountId: string, id: string): Promise<StoredPaymentMethod> {
    const method = UUID.test(id) ? await repo.find(accountId, id) : null;
    if (!method) throw new AppError('PAYMENT_METHOD_NOT_FOUND');
    return method;
  }

  function view(method: StoredPaymentMethod, used: ReadonlySet<string>, now: Date): AccountPaymentMethod {
    const card = method.cardRef && method.expireDate ? method : null;
    return {
      accountPaymentMethodId: method.id,
      paymentMethodType: method.paymentMethodType,
      SbpsCreditInfo: card
        ? { cardbrandCode: card.cardBrand ?? 'unknown', cardNumberSuffix: card.last4 ?? '', expireDate: card.expireDate ?? '' }
        : null,
      cardState: card?.expireDate ? cardState(card.expireDate, now) : null,
      label: card ? null : method.label,
      isContractUsed: used.has(method.id),
    };
  }

  async function startRedirect(scope: Scope, accountId: string, type: PaymentMethodType, origin: string, returnTo?: string) {
    const storeId = scope.store.storeId;
    const customerRef = await ensureCustomerRef(accountId);
    const back = returnPage(returnTo);
    const started = await gateway.startRedirect({
      storeId,
      customerRef,
      methodType: type,
      purpose: 'register',
      // The page to go back to rides in the return address; it is checked again when it comes back.
      returnUrl: `${origin}${PAYMENT_METHOD_RETURN_PATH}${back ? `?${RETURN_TO}=${encodeURIComponent(back)}` : ''}`,
      idempotencyKey: `register-redirect:${randomUUID()}`,
    });
    if (!started.ok) throw providerError(started.failure, 'CARD_REGISTRATION_FAILED');
    return started.value.redirect;
  }

  /**
   * Keeps the agreement of an approved redirect registration as the member's method (My Page's
   * return, or a subscription's purchase that registered it, decision 0048): a carrier or PayPal
   * agreement of a type the store offers. Answers the kept method's id.
   */
  async function keepAgreement(
    scope: Pick<Scope, 'store'>,
    accountId: string,
    result: Pick<RedirectResult, 'agreementRef' | 'methodType' | 'label'>,
  ): Promise<string> {
    if (!result.agreementRef || !offered(scope.store, result.methodType) || addKind(result.methodType) === 'card')
      throw new AppError('INVALID_PAYMENT_RESULT');
    const kept = await repo.add(accountId, {
      kind: 'agreement',
      paymentMethodType: result.methodType,
      agreementRef: result.agreementRef,
      label: result.label ?? null,
    });
    return kept.id;
  }

  return {
    ensureCustomerRef,

    /** The member's customer reference at the provider, or null before their first method. */
    customerRefOf: (accountId: string) => repo.customerRefOf(accountId),

    /** The member's methods as the list shows them, oldest first. */
    async list(accountId: string): Promise<AccountPaymentMethod[]> {
      const [methods, used] = await Promise.all([repo.list(accountId), deps.contractUse(accountId)]);
      const now = clock();
      return methods.map((m) => view(m, used, now));
    },

    /**
     * POST /credit: keeps the card behind the browser's one-time token with the provider. Answers
     * the kept method's id (the purchase form pays with it at once) and where to go: `returnTo`
     * when it is a page of this store (the purchase the member left to add the card), else the
     * completion page.
     */
    async addCard(
      scope: Scope,
      accountId: string,
      tokens: CardTokens,
      returnTo?: string,
    ): Promise<{ redirectTo: string; accountPaymentMethodId: string }> {
      const storeId = scope.store.storeId;
      if (!offered(scope.store, 'SbpsCredit')) throw new AppError('PAYMENT_METHOD_TYPE_NOT_OFFERED');
      const customerRef = await ensureCustomerRef(accountId);
      // The token is single use: the same token sent again is the same registration.
      const key = createHash('sha256').update(`${storeId}\n${accountId}\n${tokens.token}`).digest('base64url');
      const registered = await gateway.registerCard({
        storeId,
        customerRef,
        token: tokens.token,
        tokenKey: tokens.tokenKey,
        idempotencyKey: `register-card:${key}`,
      });
      if (!registered.ok) throw providerError(registered.failure, 'CARD_REGISTRATION_FAILED');
      const card = registered.value;
      const kept = await repo.add(accountId, {
        kind: 'card',
        paymentMethodType: 'SbpsCredit',
        cardRef: card.cardRef,
        cardBrand: card.brand,
        last4: card.last4,
        expireDate: card.expireDate,
      });
      return { redirectTo: safeRedirect(returnTo, PAYMENT_METHOD_COMPLETE_PATH), accountPaymentMethodId: kept.id };
    },

    /** POST /link: a carrier's registration page, as the form the browser posts there. */
    async startLink(
      scope: Scope,
      accountId: string,
      type: PaymentMethodType,
      origin: string,
      returnTo?: string,
    ): Promise<{ linkUrl: string; params: Record<string, string> }> {
      if (addKind(type) !== 'link' || !offered(scope.store, type)) throw new AppError('PAYMENT_METHOD_TYPE_NOT_OFFERED');
      const redirect = await startRedirect(scope, accountId, type, origin, returnTo);
      return { linkUrl: redirect.url, params: redirect.params };
    },

    /** GET /paypal: PayPal's registration page, as an address to go to. */
    async startPaypal(scope: Scope, accountId: string, origin: string, returnTo?: string): Promise<{ redirectTo: string }> {
      const type = addableTypes(scope.store.settings.paymentMethods).find((t) => addKind(t) === 'paypal');
      if (!type) throw new AppError('PAYMENT_METHOD_TYPE_NOT_OFFERED');
      return { redirectTo: redirectAddress(await startRedirect(scope, accountId, type, origin, returnTo)) };
    },

    /**
     * The provider's signed result of a redirect registration. The member is the one the signed
     * customer reference names (the provider posts the viewer back cross-site, so the session
     * cookie may not come along); a signed-in member must be that one. Answers where to go.
     */
    async completeRedirect(scope: Scope, sessionAccountId: string | null, query: Record<string, string>): Promise<{ redirectTo: string }> {
      const storeId = scope.store.storeId;
      // Ours, not the provider's: the page to go back to (checked again), apart from the signed result.
      const { [RETURN_TO]: returnTo, ...params } = query;
      const back = returnPage(returnTo);
      // A signed-in member's own customer: another member's result is refused before it is spent.
      const customerRef = sessionAccountId ? ((await repo.customerRefOf(sessionAccountId)) ?? '') : undefined;
      // A purchase's registration (decision 0048) is the purchase's to spend: refused here, left unspent.
      const values = [...new Set(Object.values(params))].filter((v) => v.length > 0 && v.length <= 200).slice(0, 32);
      if (deps.purchaseRegistrationWaiting && (await deps.purchaseRegistrationWaiting(values)))
        throw new AppError('INVALID_PAYMENT_RESULT');
      const verified = await gateway.verifyRedirectResult({ storeId, params, purposes: ['register'], customerRef });
      if (!verified.ok) throw providerError(verified.failure, 'INVALID_PAYMENT_RESULT');
      const result = verified.value;
      const accountId = await repo.accountOfCustomer(result.customerRef);
      if (result.purpose !== 'register' || !accountId || (sessionAccountId && sessionAccountId !== accountId))
        throw new AppError('INVALID_PAYMENT_RESULT');
      if (result.outcome !== 'approved') return { redirectTo: paymentMethodList(result.outcome, back) };
      await keepAgreement(scope, accountId, result);
      return { redirectTo: back ?? PAYMENT_METHOD_COMPLETE_PATH };
    },

    keepAgreement,

    /** DELETE /{id}: refused while a contract uses the method; the provider forgets a card first. */
    async remove(scope: Scope, accountId: string, id: string): Promise<{ redirectTo: string }> {
      const storeId = scope.store.storeId;
      const method = await findOwn(accountId, id);
      if ((await deps.contractUse(accountId)).has(method.id)) throw new AppError('PAYMENT_METHOD_IN_USE');
      if (method.cardRef) {
        const customerRef = await repo.customerRefOf(accountId);
        if (!customerRef) throw new Error(`card ${method.id} without a payment customer`);
        const deleted = await gateway.deleteCard({
          storeId,
          customerRef,
          cardRef: method.cardRef,
          idempotencyKey: `delete-card:${method.id}`,
        });
        if (!deleted.ok && deleted.failure.kind === 'unavailable') throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
        // Any other failure means the provider no longer holds the card: forgetting it here is right.
      }
      await repo.markDeleted(accountId, method.id, clock());
      return { redirectTo: PAYMENT_METHOD_DELETE_COMPLETE_PATH };
    },

    /**
     * A method a purchase may charge: the member's own, not deleted, of a type the store still
     * offers, and for a card not expired. PAYMENT_METHOD_NOT_FOUND or PAYMENT_METHOD_UNUSABLE otherwise.
     */
    async usableMethod(scope: Pick<Scope, 'store'>, accountId: string, id: string): Promise<UsableMethod> {
      const method = await findOwn(accountId, id);
      const customerRef = await repo.customerRefOf(accountId);
      if (!customerRef || !offered(scope.store, method.paymentMethodType)) throw new AppError('PAYMENT_METHOD_UNUSABLE');
      if (method.cardRef) {
        if (!method.expireDate || isExpired(method.expireDate, clock())) throw new AppError('PAYMENT_METHOD_UNUSABLE');
        return {
          id: method.id,
          paymentMethodType: method.paymentMethodType,
          customerRef,
          source: { kind: 'card', cardRef: method.cardRef },
        };
      }
      if (!method.agreementRef) throw new AppError('PAYMENT_METHOD_UNUSABLE');
      return {
        id: method.id,
        paymentMethodType: method.paymentMethodType,
        customerRef,
        source: { kind: 'agreement', agreementRef: method.agreementRef, methodType: method.paymentMethodType },
      };
    },
  };
}
export type PaymentMethodService = ReturnType<typeof createPaymentMethodService>;
