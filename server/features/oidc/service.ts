// The interaction pages' work (decision 0021): the login hand-over to the store's own sign-in,
// the consent screen's data and its answer.
import { AppError } from '#domain/errors.ts';
import type { Language } from '#domain/language.ts';
import { pickText } from '#domain/localized-text.ts';
import { classifyScopes, isRequired, refusedScopes } from '#domain/oidc/consent.ts';
import type { StoreContext } from '#server/tenancy/store-cache.ts';
import { abortInteraction, findInteraction, finishConsent, finishLogin } from './interactions.ts';
import type { ProviderRegistry } from './providers.ts';

type Where = { store: StoreContext; origin: string };

const scopesOf = (scope: unknown) => (typeof scope === 'string' ? scope.split(' ').filter(Boolean) : []);

export function createOidcService(deps: { providers: ProviderRegistry; clock: () => Date }) {
  const interaction = async ({ store, origin }: Where, uid: string) => {
    const provider = await deps.providers.get(store, origin);
    return { provider, interaction: await findInteraction(provider, uid) };
  };

  return {
    /**
     * The login prompt: a member signed in to the store goes on as that member; a guest signs in
     * on the store's login page, which brings them back here.
     */
    async loginInteraction(where: Where, uid: string, accountId: string | null): Promise<string> {
      const { interaction: found } = await interaction(where, uid);
      if (!accountId) return `/login?redirectTo=${encodeURIComponent(`/oidc/loginInteraction?uid=${encodeURIComponent(uid)}`)}`;
      return finishLogin(found, accountId, deps.clock());
    },

    /**
     * prompt=select_account: a signed-in member chooses on /oidc/select-account between going on
     * as themselves and switching; a guest simply signs in.
     */
    async selectAccountInteraction(where: Where, uid: string, accountId: string | null): Promise<string> {
      await interaction(where, uid);
      const q = `uid=${encodeURIComponent(uid)}`;
      return accountId ? `/oidc/select-account?${q}` : `/login?redirectTo=${encodeURIComponent(`/oidc/loginInteraction?${q}`)}`;
    },

    async selectAccountScreen(where: Where, uid: string, member: { email: string } | null, lang: Language) {
      const { interaction: found } = await interaction(where, uid);
      if (!member) return { redirectTo: `/oidc/selectAccountInteraction?uid=${encodeURIComponent(uid)}` };
      const client = where.store.settings.oidc.clients.find((c) => c.clientId === found.params.client_id);
      if (!client) throw new AppError('INVALID_SESSION_FLOW');
      const clientName = lang === 'ja' ? (client.clientNameJa ?? client.clientName) : client.clientName;
      return { data: { uid, clientName, serviceName: where.store.settings.serviceName, email: member.email } };
    },

    /** "Continue as this account". */
    async continueAsMember(where: Where, uid: string, accountId: string): Promise<string> {
      const { interaction: found } = await interaction(where, uid);
      return finishLogin(found, accountId, deps.clock());
    },

    /** "Use another account": after the store session ends, the login page brings the viewer back. */
    async switchAccount(where: Where, uid: string): Promise<string> {
      await interaction(where, uid);
      return `/login?redirectTo=${encodeURIComponent(`/oidc/loginInteraction?uid=${encodeURIComponent(uid)}`)}`;
    },

    async consentScreen(where: Where, uid: string, lang: Language) {
      const { provider, interaction: found } = await interaction(where, uid);
      if (found.prompt.name !== 'consent') throw new AppError('INVALID_SESSION_FLOW');
      const { settings } = where.store;
      const client = settings.oidc.clients.find((c) => c.clientId === found.params.client_id);
      if (!client) throw new AppError('INVALID_SESSION_FLOW');
      const grant = found.grantId ? await provider.Grant.find(found.grantId) : undefined;
      const requested = scopesOf(found.params.scope).filter((s) => s !== 'offline_access');
      const classes = classifyScopes(requested, scopesOf(grant?.getOIDCScope()), scopesOf(grant?.getRejectedOIDCScope()));
      return {
        uid,
        clientInfo: {
          clientId: client.clientId,
          clientName: lang === 'ja' ? (client.clientNameJa ?? client.clientName) : client.clientName,
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
    async answerConsent(where: Where, uid: string, answer: { addScope: string[]; rejectScope: string[] }): Promise<string> {
      const { provider, interaction: found } = await interaction(where, uid);
      const requested = scopesOf(found.params.scope);
      const refused = refusedScopes(requested, where.store.settings.oidc.scopes, answer);
      if (!refused) throw new AppError('VALIDATION_FAILED', { field: 'rejectScope' });
      return finishConsent(provider, found, { rejectedScopes: refused }, deps.clock());
    },

    async abort(where: Where, uid: string): Promise<string> {
      const { interaction: found } = await interaction(where, uid);
      return abortInteraction(found, deps.clock());
    },
  };
}
export type OidcService = ReturnType<typeof createOidcService>;
