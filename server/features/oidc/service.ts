// The interaction pages' work (decisions 0021, 0023): the login prompt's hand-over to our
// /oidc/login page, the app each interaction page names, the consent screen's data and its answer.
import { AppError } from '#domain/errors.ts';
import type { Language } from '#domain/language.ts';
import { pickText } from '#domain/localized-text.ts';
import { classifyScopes, isRequired, refusedScopes } from '#domain/oidc/consent.ts';
import { loginHintOf, type OidcApp } from '#domain/oidc/interaction-screens.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';
import { abortInteraction, findInteraction, finishConsent, finishLogin, type SignedInMember, signedInFor } from './interactions.ts';
import type { ProviderRegistry } from './providers.ts';

type Where = { store: StoreContext; origin: string };
type Interaction = Awaited<ReturnType<typeof findInteraction>>;

const scopesOf = (scope: unknown) => (typeof scope === 'string' ? scope.split(' ').filter(Boolean) : []);

/** An interaction page or step of ours, for this interaction: `/oidc/login?uid=...`. */
export const interactionPath = (path: string, uid: string) => `${path}?uid=${encodeURIComponent(uid)}`;
/** Where a sign-in or a finished sign-up for an interaction goes: the login prompt, which finishes it. */
export const interactionReturn = (uid: string) => interactionPath('/oidc/loginInteraction', uid);

/** The interaction's client in the store's settings (gone from them: the flow cannot go on). */
function clientOf(store: StoreContext, found: Interaction) {
  const client = store.settings.oidc.clients.find((c) => c.clientId === found.params.client_id);
  if (!client) throw new AppError('INVALID_SESSION_FLOW');
  return client;
}

/**
 * The consent prompt's interaction, for the browser signed in to the store as the account the
 * interaction is for: the uid alone (another browser, another member) gives nothing and
 * answers nothing, as if the interaction did not exist.
 */
function consentOf(found: Interaction, viewerAccountId: string | null): Interaction {
  const owner = found.session?.accountId;
  if (found.prompt.name !== 'consent' || !owner || owner !== viewerAccountId) throw new AppError('INVALID_SESSION_FLOW');
  return found;
}

/** The app's name for the viewer: the Japanese name preferred in Japanese. */
const clientName = (client: ReturnType<typeof clientOf>, lang: Language) =>
  lang === 'ja' ? (client.clientNameJa ?? client.clientName) : client.clientName;

export function createOidcService(deps: { providers: ProviderRegistry; clock: () => Date }) {
  const interaction = async ({ store }: Where, uid: string) => {
    const provider = await deps.providers.get(store);
    return { provider, interaction: await findInteraction(provider, uid) };
  };

  return {
    /**
     * The login prompt: a member signed in to the store goes on as that member; a guest signs in
     * (or signs up) on /oidc/login, which brings them back here. So does a member whose sign-in
     * is older than the request allows (prompt=login, max_age: see signedInFor).
     */
    async loginInteraction(where: Where, uid: string, member: SignedInMember | null): Promise<string> {
      const { interaction: found } = await interaction(where, uid);
      if (!member || !signedInFor(found, member, deps.clock())) return interactionPath('/oidc/login', uid);
      return finishLogin(found, member.accountId, member.signedInAt, deps.clock());
    },

    /**
     * The app an interaction page works for (INVALID_SESSION_FLOW when the interaction is not
     * live), and whether the viewer's sign-in answers the interaction (else the viewer signs in).
     */
    async app(
      where: Where,
      uid: string,
      lang: Language,
      member: SignedInMember | null = null,
    ): Promise<OidcApp & { signedIn: boolean; loginHint?: string }> {
      const { interaction: found } = await interaction(where, uid);
      const loginHint = loginHintOf(found.params.login_hint);
      return {
        uid,
        clientName: clientName(clientOf(where.store, found), lang),
        serviceName: where.store.settings.serviceName,
        signedIn: signedInFor(found, member, deps.clock()),
        ...(loginHint ? { loginHint } : {}),
      };
    },

    /** Where a login or sign-up for this interaction returns to (checked live first). */
    async returnPath(where: Where, uid: string): Promise<string> {
      await interaction(where, uid);
      return interactionReturn(uid);
    },

    /**
     * prompt=select_account: a signed-in member chooses on /oidc/select-account between going on
     * as themselves and switching; a guest simply signs in.
     */
    async selectAccountInteraction(where: Where, uid: string, accountId: string | null): Promise<string> {
      await interaction(where, uid);
      return interactionPath(accountId ? '/oidc/select-account' : '/oidc/login', uid);
    },

    async selectAccountScreen(where: Where, uid: string, member: { email: string } | null, lang: Language) {
      const { interaction: found } = await interaction(where, uid);
      if (!member) return { redirectTo: interactionPath('/oidc/selectAccountInteraction', uid) };
      const name = clientName(clientOf(where.store, found), lang);
      return { data: { uid, clientName: name, serviceName: where.store.settings.serviceName, email: member.email } };
    },

    /** "Continue as this account". */
    async continueAsMember(where: Where, uid: string, member: SignedInMember): Promise<string> {
      const { interaction: found } = await interaction(where, uid);
      return finishLogin(found, member.accountId, member.signedInAt, deps.clock());
    },

    /** "Use another account": after the store session ends, /oidc/login brings the viewer back. */
    async switchAccount(where: Where, uid: string): Promise<string> {
      await interaction(where, uid);
      return interactionPath('/oidc/login', uid);
    },

    async consentScreen(where: Where, uid: string, lang: Language, viewerAccountId: string | null) {
      const { provider, interaction: live } = await interaction(where, uid);
      const found = consentOf(live, viewerAccountId);
      const { settings } = where.store;
      const client = clientOf(where.store, found);
      const grant = found.grantId ? await provider.Grant.find(found.grantId) : undefined;
      const requested = scopesOf(found.params.scope).filter((s) => s !== 'offline_access');
      const classes = classifyScopes(requested, scopesOf(grant?.getOIDCScope()), scopesOf(grant?.getRejectedOIDCScope()));
      return {
        uid,
        clientInfo: {
          clientId: client.clientId,
          clientName: clientName(client, lang),
          logoUri: client.logoUri ?? null,
          serviceLogoUri: settings.images.logoPc,
          serviceName: settings.serviceName,
          description: pickText(client.description, lang) ?? null,
          providerName: client.providerName ?? null,
          termsUrl: client.termsUrl ?? null,
          privacyUrl: client.privacyUrl ?? null,
        },
        requestScopeKeys: requested,
        storeScopeSettings: requested.map((key) => {
          const s = settings.oidc.scopes.find((x) => x.scopeKey === key);
          return {
            scopeKey: key,
            scopeName: s ? pickText(s.scopeName, lang) : key,
            scopeDescription: pickText(s?.scopeDescription, lang) ?? null,
            required: isRequired(key, settings.oidc.scopes),
          };
        }),
        ...classes,
        oidcPrecautions: settings.oidc.precautions.map((p) => pickText(p, lang)),
      };
    },

    /** The consent form: required scopes granted, optional ones as the viewer chose. */
    async answerConsent(
      where: Where,
      uid: string,
      answer: { addScope: string[]; rejectScope: string[] },
      viewerAccountId: string | null,
    ): Promise<string> {
      const { provider, interaction: live } = await interaction(where, uid);
      const found = consentOf(live, viewerAccountId);
      const requested = scopesOf(found.params.scope);
      const refused = refusedScopes(requested, where.store.settings.oidc.scopes, answer);
      if (!refused) throw new AppError('VALIDATION_FAILED', { field: 'rejectScope' });
      return finishConsent(provider, found, { rejectedScopes: refused }, deps.clock());
    },

    /** "Cancel" on the consent screen (bound to the viewer as the consent is). */
    async abort(where: Where, uid: string, viewerAccountId: string | null): Promise<string> {
      const { interaction: found } = await interaction(where, uid);
      return abortInteraction(consentOf(found, viewerAccountId), deps.clock());
    },
  };
}
export type OidcService = ReturnType<typeof createOidcService>;
