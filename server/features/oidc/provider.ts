// One node-oidc-provider instance per store (decision 0021): the issuer is the store's configured
// origin (storePublicOrigin),
// the clients, scopes and precautions come from the store's `oidc` settings, the state lives in
// oidc_models through the adapter, and the interactions are our own pages under /oidc.
import { createHmac } from 'node:crypto';
import Provider, { errors, interactionPolicy } from 'oidc-provider';
import { claimsByScope, memberClaims } from '#domain/oidc/claims.ts';
import { uiLanguage } from '#domain/oidc/ui-locales.ts';
import type { Logger } from '#server/base/logger.ts';
import type { Db } from '#server/db/client.ts';
import { storePublicOrigin } from '#server/platform/stores/public-origin.ts';
import { loadSigningKeys } from '#server/platform/stores/signing-keys.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';
import { oidcAdapterFor } from './adapter.ts';
import { OIDC_ROUTES } from './paths.ts';

export type ProviderDeps = {
  db: Db;
  log: Logger;
  clock: () => Date;
  /** The server's port, for the default origin of a store on a localhost name (storePublicOrigin). */
  serverPort: number;
  /** The value of an environment variable a client names for its secret (server/base/config.ts). */
  clientSecret: (envName: string) => string | undefined;
  /** The server-wide secret the providers' cookie keys derive from. */
  cookieSecret: () => Promise<Buffer>;
  /** The member for the claims (picture: a path on the store's origin), or null when the account is gone. */
  member: (storeId: string, accountId: string) => Promise<Parameters<typeof memberClaims>[0] | null>;
};

/**
 * Where the provider sends the browser for each prompt (our pages); with the app's ui_locales,
 * in that language (the `lang` query, which the following pages keep).
 */
export function interactionUrl(promptName: string, uid: string, uiLocales?: unknown): string {
  const page =
    promptName === 'consent'
      ? '/oidc/consent'
      : promptName === 'select_account'
        ? '/oidc/selectAccountInteraction'
        : '/oidc/loginInteraction';
  const lang = uiLanguage(uiLocales);
  return `${page}?uid=${encodeURIComponent(uid)}${lang ? `&lang=${lang}` : ''}`;
}

function clientsOf(store: StoreContext, deps: ProviderDeps) {
  const out: Record<string, unknown>[] = [];
  for (const c of store.settings.oidc.clients) {
    const secret = c.clientSecretEnv ? deps.clientSecret(c.clientSecretEnv) : undefined;
    if (c.clientSecretEnv && !secret) {
      deps.log.warn('oidc client skipped: its secret variable is not set', {
        storeId: store.storeId,
        clientId: c.clientId,
        env: c.clientSecretEnv,
      });
      continue;
    }
    out.push({
      client_id: c.clientId,
      ...(secret ? { client_secret: secret, token_endpoint_auth_method: 'client_secret_basic' } : { token_endpoint_auth_method: 'none' }),
      client_name: c.clientName,
      redirect_uris: c.redirectUris,
      post_logout_redirect_uris: c.redirectUris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      scope: [...new Set([...c.scopes, 'openid'])].join(' '),
      ...(c.backchannelLogoutUri ? { backchannel_logout_uri: c.backchannelLogoutUri, backchannel_logout_session_required: true } : {}),
    });
  }
  return out;
}

/**
 * The prompts: select_account (asked for with prompt=select_account), then the default login and
 * consent. The store's own session is the truth about who is signed in: when the provider's
 * session names another account than the store's (the member logged out, or in as someone
 * else), the login prompt runs again (node-bridge passes the store's account on the request).
 */
function interactionPrompts() {
  const { Check, Prompt } = interactionPolicy;
  const policy = interactionPolicy.base();
  policy.add(new Prompt({ name: 'select_account', requestable: true }), 0);
  policy
    .get('login')
    ?.checks.add(
      new Check('store_session', 'the viewer is not signed in to the store as this account', 'login_required', (ctx: StoreRequestCtx) =>
        ctx.oidc.session.accountId && ctx.req.storeAccountId !== ctx.oidc.session.accountId
          ? Check.REQUEST_PROMPT
          : Check.NO_NEED_TO_PROMPT,
      ),
    );
  return policy;
}

/** What routes.ts passes on the bridged request: set when the store's session must end. */
export type StoreLogout = { ended: boolean };
type LogoutCtx = {
  req: { storeLogout?: StoreLogout };
  oidc: { params: { logout?: string }; session?: { accountId?: string } };
};

type StoreRequestCtx = { req: { storeAccountId?: string | null }; oidc: { session: { accountId?: string } } };

/** The store's issuer: its configured origin, never a request's Host (decision 0021, amended). */
export const issuerOf = (store: StoreContext, serverPort: number) => storePublicOrigin(store.settings, serverPort);

/** Builds the store's provider (keys read, or made on first use). */
export async function buildProvider(store: StoreContext, deps: ProviderDeps): Promise<Provider> {
  const { storeId } = store;
  const origin = issuerOf(store, deps.serverPort);
  const keys = await loadSigningKeys(deps.db, storeId);
  const cookieKey = createHmac('sha256', await deps.cookieSecret())
    .update(`oidc-cookies:${storeId}`)
    .digest('base64url');
  const storeScopes = store.settings.oidc.scopes.map((s) => s.scopeKey);

  const provider = new Provider(origin, {
    adapter: oidcAdapterFor(deps.db, storeId, deps.clock),
    clients: clientsOf(store, deps),
    jwks: { keys },
    cookies: { keys: [cookieKey], long: { signed: true }, short: { signed: true } },
    // Every client is code-only and gets a refresh token with its code (issueRefreshToken), so
    // offline_access, implicit and hybrid answers, pushed requests and JWT client authentication
    // are off: discovery advertises exactly what works.
    scopes: [...new Set(['openid', ...storeScopes])],
    responseTypes: ['code'],
    clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'none'],
    claims: claimsByScope(store.settings.oidc.scopes),
    conformIdTokenClaims: true,
    async findAccount(_ctx: unknown, sub: string) {
      const member = await deps.member(storeId, sub);
      if (!member) return undefined;
      const picture = member.picture ? new URL(member.picture, origin).href : null;
      return { accountId: sub, claims: async () => memberClaims({ ...member, picture }) };
    },
    routes: OIDC_ROUTES,
    interactions: {
      policy: interactionPrompts(),
      url: (_ctx: unknown, interaction: { uid: string; prompt: { name: string }; params: { ui_locales?: unknown } }) =>
        interactionUrl(interaction.prompt.name, interaction.uid, interaction.params.ui_locales),
    },
    features: {
      devInteractions: { enabled: false },
      // A client revokes only its own tokens: another client's is refused with
      // unauthorized_client (RFC 7009 section 2.1) and stays valid.
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx: unknown, client: { clientId: string }, token: { clientId: string }) => {
          if (token.clientId !== client.clientId) throw new errors.UnauthorizedClient('the token was not issued to this client');
          return true;
        },
      },
      pushedAuthorizationRequests: { enabled: false },
      userinfo: { enabled: true },
      rpInitiatedLogout: { enabled: true, logoutSource: logoutPage, postLogoutSuccessSource: loggedOutPage },
      // The apps of the ended session that registered a back-channel URI get a logout token.
      backchannelLogout: { enabled: true },
    },
    // Public clients (no secret) must use PKCE; confidential ones may.
    pkce: { required: (_ctx: unknown, client: { clientAuthMethod: string }) => client.clientAuthMethod === 'none' },
    // A refresh token for every code of a client allowed the grant (TV apps stay signed in).
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(g: string): boolean }) => client.grantTypeAllowed('refresh_token'),
    // Browser apps of a client may call the token, userinfo and revocation endpoints from the
    // origins of its redirect URIs.
    clientBasedCORS: (_ctx: unknown, origin: string, client: { redirectUris: string[] }) =>
      client.redirectUris.some((uri) => new URL(uri).origin === origin),
    async renderError(ctx: { redirect(url: string): void; status: number }, out: { error: string; error_description?: string }) {
      const status = ctx.status >= 400 ? ctx.status : 400;
      ctx.redirect(`/oidc/error?status=${status}&message=${encodeURIComponent(out.error)}`);
    },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Grant: 365 * 24 * 3600,
      RefreshToken: 30 * 24 * 3600,
      Session: 14 * 24 * 3600,
    },
  });
  // A revocation answers an empty JSON object: browser libraries (oidc-client-ts' revokeTokens)
  // refuse the provider's empty text/plain answer.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.oidc?.route === 'revocation' && ctx.status === 200) ctx.body = {};
  });
  // Signing out at the provider (logout=yes on the confirmation a signed-in viewer saw) ends the
  // store's session too: routes.ts ends it when the request's holder says so.
  provider.on('end_session.success', (...args: unknown[]) => {
    const ctx = args[0] as LogoutCtx;
    if (ctx.oidc.params.logout && ctx.oidc.session?.accountId && ctx.req.storeLogout) ctx.req.storeLogout.ended = true;
  });
  provider.on('backchannel.error', (...args: unknown[]) => {
    const [, err, client] = args as [unknown, Error, { clientId: string }];
    deps.log.warn('oidc back-channel logout failed', { storeId, clientId: client?.clientId, err });
  });
  provider.on('server_error', (_ctx, err) => deps.log.error('oidc provider error', { storeId, err }));
  return provider;
}

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head><body>${body}</body></html>`;

/**
 * The RP-initiated logout confirmation: the provider's form, submitted with either answer. The
 * default signs the member out of the store and of every app of the session (their back-channel
 * URIs are notified); the other signs out of the asking app only.
 */
async function logoutPage(ctx: { body: string; oidc: { client?: { clientName?: string } } }, form: string) {
  ctx.body = page(
    'ログアウト / Sign out',
    `<main>${form}<h1>ログアウトしますか？ / Sign out?</h1><p>ストアとすべての連携アプリからログアウトします。 / You will be signed out of the store and every connected app.</p><button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">ストアからログアウトする / Sign out of the store</button> <button type="submit" form="op.logoutForm">このアプリだけログアウトする / Sign out of this app only</button></main>`,
  );
}

async function loggedOutPage(ctx: { body: string }) {
  ctx.body = page('ログアウト / Signed out', '<main><h1>ログアウトしました / You are signed out</h1></main>');
}
