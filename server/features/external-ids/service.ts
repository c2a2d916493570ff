// External IDs (decision 0022): the trip to a provider and back, login with a linked identity,
// linking from My Page, and unlinking under the rule that a way in must remain.
import { AppError } from '#domain/errors.ts';
import { type ExternalIdEntry, externalIdEntries } from '#domain/external-ids/entries.ts';
import { mayUnlink } from '#domain/external-ids/unlink-rule.ts';
import { safeRedirect } from '#domain/safe-redirect.ts';
import type { SignedIn } from '#server/features/login/service.ts';
import type { SessionAccount } from '#server/platform/sessions/repo.ts';
import type { BrowserTokens } from '#server/platform/sessions/service.ts';
import type { Scope } from '#server/platform/tenancy/scope.ts';
import { ExternalAuthError, type ExternalIdentity, type ProviderClient } from './client.ts';
import type { ClientCredentials, ExternalIdProvider, ProviderEndpoints } from './providers.ts';
import type { ExternalAuthFlow, ExternalIdRepo, SocialAction } from './repo.ts';

/** A viewer has this long at the provider before the trip expires. */
export const EXTERNAL_FLOW_MINUTES = 15;
/** The relate-error page's types: ACCOUNT_ALREADY_EXISTS has its own text, the others the system-error text. */
export type RelateErrorType = 'ACCOUNT_ALREADY_EXISTS' | 'SYSTEM_ERROR';
export const relateErrorPath = (type: RelateErrorType) => `/social/relate/error?type=${type}`;

/** Where the callback sends the viewer, and the session to set when it signed them in. */
export type CallbackOutcome = {
  redirectTo: string;
  session?: { publicId: string; sid: string; latid: string; ttlSeconds: number };
  /** Sign-up: the sign-up flow's cookie, and the trip kept (with the identity) until the member exists. */
  signupFlow?: { token: string; maxAgeSeconds: number };
  pendingIdentity?: { token: string; maxAgeSeconds: number };
};
/** The browser's session and device tokens, and its sign-up flow (a consent given before the trip carries over). */
export type CallbackBrowser = BrowserTokens & { signupFlow?: string };
/** How long a vouched identity waits for its sign-up form (the sign-up flow's two hours). */
export const PENDING_IDENTITY_MINUTES = 120;

export function createExternalIdService(deps: {
  repo: ExternalIdRepo;
  /** The login every way in shares (login history with the provider as the method, the new-device mail); null: no such member. */
  login: (
    caller: Scope,
    input: { accountId: string; provider: ExternalIdProvider; redirectTo: string | null },
    browser: BrowserTokens,
  ) => Promise<SignedIn | null>;
  client: ProviderClient;
  endpoints: () => Record<ExternalIdProvider, ProviderEndpoints>;
  credentials: (store: Scope['store'], provider: ExternalIdProvider) => ClientCredentials | null;
  findAccount: (accountId: string) => Promise<{ id: string; publicId: string; passwordHash: string | null } | null>;
  /** Sign-up with an external ID: the sign-up flow it starts, and whether an address is a member's. */
  signup?: {
    /**
     * A new sign-up flow; the consent the browser's earlier one holds (`previousToken`) carries over.
     * `redirectTo`: where the finished sign-up returns (the trip's, when the viewer came from an
     * app's sign-in; else the earlier flow's, if any).
     */
    startFlow: (input: {
      email: string | null;
      verifiedAt: Date | null;
      previousToken: string | undefined;
      redirectTo: string | null;
    }) => Promise<{ token: string; maxAgeSeconds: number; consented: boolean }>;
    emailExists: (email: string) => Promise<boolean>;
  };
  clock: () => Date;
  log: { warn(msg: string, meta?: Record<string, unknown>): void };
}) {
  const { repo, clock } = deps;

  /** The providers this store offers that it has a usable client for. */
  function offered(store: Scope['store']): ExternalIdProvider[] {
    return store.settings.externalIdProviders.filter((p) => deps.credentials(store, p) !== null);
  }
  function clientOf(store: Scope['store'], provider: ExternalIdProvider) {
    const credentials = store.settings.externalIdProviders.includes(provider) ? deps.credentials(store, provider) : null;
    if (!credentials) throw new AppError('NOT_FOUND');
    return credentials;
  }

  /**
   * A new member from an external ID: the e-mail counts as proven only when the provider says it
   * is verified (else, or without one, the viewer proves an address by code); an address that is
   * a member's already is never linked silently: the viewer logs in first and links from My Page.
   */
  async function startSignup(
    caller: Scope,
    flow: ExternalAuthFlow,
    identity: ExternalIdentity,
    signup: NonNullable<typeof deps.signup>,
    browser: CallbackBrowser,
  ): Promise<CallbackOutcome> {
    if (identity.email && (await signup.emailExists(identity.email))) {
      return { redirectTo: '/signup/auth?externalIdError=EMAIL_IN_USE' };
    }
    const proven = identity.email && identity.emailVerified ? identity.email : null;
    const { consented, ...signupFlow } = await signup.startFlow({
      email: proven,
      verifiedAt: proven ? clock() : null,
      previousToken: browser.signupFlow,
      redirectTo: flow.redirectTo,
    });
    const expiresAt = new Date(clock().getTime() + PENDING_IDENTITY_MINUTES * 60_000);
    const token = await repo.createFlow({ ...flow, action: 'signup', accountId: null }, expiresAt);
    await repo.keepIdentity(token, identity);
    const { policies, signupPolicyFirst } = caller.store.settings;
    // The next step as the sign-up has it: policies (not consented yet), the form, or the e-mail.
    const toConsent = policies.length > 0 && !consented;
    const redirectTo = proven
      ? toConsent
        ? '/signup/policy'
        : '/signup/form'
      : signupPolicyFirst && toConsent
        ? '/signup'
        : '/signup/email';
    return { redirectTo, signupFlow, pendingIdentity: { token, maxAgeSeconds: PENDING_IDENTITY_MINUTES * 60 } };
  }

  return {
    offered,

    /** The identity a sign-up with an external ID started with (the browser's trip), or null. */
    async pendingSignup(token: string | undefined): Promise<ExternalIdentity | null> {
      const flow = await repo.findFlow(token, clock());
      return flow?.action === 'signup' ? flow.identity : null;
    },

    /**
     * The viewer chose the way in afresh on the choice page (/signup/auth): a sign-up this
     * browser began with an external ID ends, so a later e-mail sign-up here (another person on a
     * shared browser, say) never gets that ID linked.
     */
    async abandonSignup(token: string | undefined) {
      const flow = await repo.findFlow(token, clock());
      if (flow?.action === 'signup' && token) await repo.deleteFlow(token);
    },

    /** After a sign-up: links the identity the browser's trip kept, if any (the trip ends). */
    async linkPending(token: string | undefined, accountId: string) {
      const flow = await repo.findFlow(token, clock());
      if (!flow || !token || flow.action !== 'signup' || !flow.identity) return false;
      await repo.deleteFlow(token);
      return repo.link(accountId, flow.identity, clock());
    },

    /** Starts a trip: the provider's URL, and the flow token for the browser's cookie. */
    async authorize(
      caller: Scope,
      input: { provider: ExternalIdProvider; action: SocialAction; redirectTo?: string; callbackUrl: string },
      member: SessionAccount | null,
    ) {
      const credentials = clientOf(caller.store, input.provider);
      if (input.action === 'signup' && !deps.signup) throw new AppError('NOT_FOUND');
      if (input.action === 'enableExternalAuth' && !member) throw new AppError('UNAUTHORIZED');
      const endpoints = deps.endpoints()[input.provider];
      const { url, pending } = await deps.client.begin(endpoints, credentials, input.callbackUrl, caller.lang).catch((err) => {
        deps.log.warn('external-ID provider unreachable', { provider: input.provider, err });
        throw new AppError('BAD_GATEWAY');
      });
      const expiresAt = new Date(clock().getTime() + EXTERNAL_FLOW_MINUTES * 60_000);
      const token = await repo.createFlow(
        {
          ...pending,
          provider: input.provider,
          action: input.action,
          accountId: input.action === 'enableExternalAuth' ? (member?.accountId ?? null) : null,
          // None unless asked for: a sign-up it leads to then ends with the store's own last steps.
          redirectTo: input.redirectTo ? safeRedirect(input.redirectTo, '/') : null,
        },
        expiresAt,
      );
      return { url: url.toString(), flowToken: token, maxAgeSeconds: EXTERNAL_FLOW_MINUTES * 60 };
    },

    /** The provider's answer: checked against the browser's flow (which ends here, used or not). */
    async callback(
      caller: Scope,
      flowToken: string | undefined,
      params: URLSearchParams,
      member: SessionAccount | null,
      browser: CallbackBrowser,
    ): Promise<CallbackOutcome> {
      const flow = await repo.findFlow(flowToken, clock());
      if (!flow || !flowToken) return { redirectTo: relateErrorPath('SYSTEM_ERROR') };
      await repo.deleteFlow(flowToken);
      let identity: Awaited<ReturnType<ProviderClient['finish']>>;
      try {
        const credentials = clientOf(caller.store, flow.provider);
        identity = await deps.client.finish(flow.provider, deps.endpoints()[flow.provider], credentials, flow, params);
      } catch (err) {
        if (err instanceof ExternalAuthError && err.reason === 'denied') {
          // The viewer cancelled at the provider: back where they came from.
          return { redirectTo: flow.action === 'enableExternalAuth' ? '/mypage' : '/login' };
        }
        deps.log.warn('external-ID callback refused', { provider: flow.provider, err });
        return { redirectTo: relateErrorPath('SYSTEM_ERROR') };
      }
      const linked = await repo.find(identity.provider, identity.subject);

      if (flow.action === 'enableExternalAuth') {
        // Only the member who started the link may finish it.
        if (!member || member.accountId !== flow.accountId) return { redirectTo: relateErrorPath('SYSTEM_ERROR') };
        if (linked) {
          return linked.accountId === member.accountId
            ? { redirectTo: '/mypage/social/enable/complete' }
            : { redirectTo: relateErrorPath('ACCOUNT_ALREADY_EXISTS') };
        }
        const done = await repo.link(member.accountId, identity, clock());
        return { redirectTo: done ? '/mypage/social/enable/complete' : relateErrorPath('SYSTEM_ERROR') };
      }

      // Login (and sign-up with an ID linked already): only an identity linked before signs in;
      // an e-mail match never does. An unlinked ID goes on to sign-up.
      const signedIn = linked
        ? await deps.login(caller, { accountId: linked.accountId, provider: identity.provider, redirectTo: flow.redirectTo }, browser)
        : null;
      if (!signedIn) {
        if (!deps.signup) return { redirectTo: relateErrorPath('SYSTEM_ERROR') };
        return startSignup(caller, flow, identity, deps.signup, browser);
      }
      const { publicId, sid, latid, ttlSeconds } = signedIn;
      return { redirectTo: signedIn.redirectTo, session: { publicId, sid, latid, ttlSeconds } };
    },

    /** Unlinks one of the member's external IDs while another way in remains. */
    async disable(member: SessionAccount, provider: ExternalIdProvider) {
      const result = await repo.unlinkIfAllowed(member.accountId, provider, mayUnlink);
      if (result === 'notLinked') throw new AppError('NOT_FOUND');
      // The last way in (no password, no other ID): said as such, not as a generic error.
      if (result === 'refused') throw new AppError('CONFLICT', { message: 'externalId.lastWayIn' });
      return { redirectTo: '/mypage/social/disable/complete' };
    },

    /** The My Page list: the offered providers and the member's linked IDs in their three states. */
    async listEntries(
      accountId: string,
      offeredTypes: readonly ExternalIdProvider[],
      /** Whether the account has a password, when the caller has just read it (My Page): not read again. */
      hasPassword?: boolean,
    ): Promise<ExternalIdEntry[]> {
      const [linked, passwordSet] = await Promise.all([
        repo.linkedProviders(accountId),
        hasPassword ?? deps.findAccount(accountId).then((account) => account?.passwordHash != null),
      ]);
      return externalIdEntries(offeredTypes, linked, passwordSet);
    },
  };
}
export type ExternalIdService = ReturnType<typeof createExternalIdService>;
