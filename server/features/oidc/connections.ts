// My Page's connected apps: the member's grants by app, and revoking one (decision 0021).

import { AppError } from '#domain/errors.ts';
import type { Language } from '#domain/language.ts';
import { pickText } from '#domain/localized-text.ts';
import { latestPerClient } from '#domain/oidc/connections.ts';
import type { Scope } from '#server/platform/tenancy/scope.ts';
import type { ConnectionsRepo } from './connections-repo.ts';

type Store = Scope['store'];

export function createConnectionsService(deps: { repo: ConnectionsRepo; clock: () => Date }) {
  const appsOf = async (store: Store, accountId: string) => {
    const grants = await deps.repo.grantsOf(accountId, deps.clock());
    // Apps the store no longer lists are not shown (their clients are gone, so are their tokens' uses).
    return { grants, latest: latestPerClient(grants.filter((g) => store.settings.oidc.clients.some((c) => c.clientId === g.clientId))) };
  };
  const summary = (store: Store, g: { clientId: string; grantId: string; grantedAt: Date }, lang: Language) => {
    const client = store.settings.oidc.clients.find((c) => c.clientId === g.clientId);
    return {
      clientId: g.clientId,
      clientName: (lang === 'ja' ? client?.clientNameJa : undefined) ?? client?.clientName ?? g.clientId,
      logoUri: client?.logoUri ?? null,
      grantId: g.grantId,
      grantedAt: g.grantedAt.toISOString(),
    };
  };

  return {
    async list({ store, lang }: Scope, accountId: string) {
      const { latest } = await appsOf(store, accountId);
      return { apps: latest.map((g) => summary(store, g, lang)) };
    },

    /** One app's detail, or null when the member has not granted it. */
    async detail({ store, lang }: Scope, accountId: string, clientId: string) {
      const { latest } = await appsOf(store, accountId);
      const grant = latest.find((g) => g.clientId === clientId);
      const client = store.settings.oidc.clients.find((c) => c.clientId === clientId);
      if (!grant || !client) return null;
      const scopes = grant.scope
        .split(' ')
        .filter((s) => s && s !== 'offline_access')
        .map((key) => {
          const s = store.settings.oidc.scopes.find((x) => x.scopeKey === key);
          return {
            scopeKey: key,
            scopeName: s ? pickText(s.scopeName, lang) : key,
            scopeDescription: pickText(s?.scopeDescription, lang) ?? null,
          };
        });
      return {
        app: {
          ...summary(store, grant, lang),
          providerName: client.providerName ?? null,
          description: pickText(client.description, lang) ?? null,
          scopes,
        },
      };
    },

    /**
     * Disconnects the app of this grant: the grant and every other grant of the member for the
     * same app, with their tokens, which stop working at once (access tokens are looked up).
     */
    async revoke({ store }: Scope, accountId: string, grantId: string) {
      const { grants } = await appsOf(store, accountId);
      const grant = grants.find((g) => g.grantId === grantId);
      if (!grant) throw new AppError('NOT_FOUND');
      await deps.repo.revoke(grants.filter((g) => g.clientId === grant.clientId).map((g) => g.grantId));
    },
  };
}
export type ConnectionsService = ReturnType<typeof createConnectionsService>;
