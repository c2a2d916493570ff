// Where each external-ID provider is, and this store's client at it (decision 0022). Defaults:
// the local identity providers (id-sandbox) while ID_SANDBOX is on, the real providers otherwise;
// each URL is a configuration variable, so a real provider is a configuration change.
import { createHmac } from 'node:crypto';
import type { StoreSettings } from '#config-schema/store-settings.ts';
import type { AppConfig } from '#server/base/config.ts';

export type ExternalIdProvider = 'line' | 'google' | 'yahoojp' | 'facebook';

export type ProviderEndpoints =
  | {
      kind: 'oidc';
      issuer: string;
      scope: string;
      userinfo: boolean;
      /** The ID tokens' algorithm when it is not one the discovery document names (LINE's web login: HS256). */
      idTokenAlg?: 'HS256';
    }
  | { kind: 'oauth'; authorizeUrl: string; tokenUrl: string; meUrl: string; scope: string };

const REAL = {
  line: 'https://access.line.me',
  google: 'https://accounts.google.com',
  yahoojp: 'https://auth.login.yahoo.co.jp/yconnect/v2',
  facebookWeb: 'https://www.facebook.com',
  facebookGraph: 'https://graph.facebook.com',
};

/** The sandbox's origins as the listeners report them (port 0 in tests), or null without it. */
export type SandboxOrigins = Record<ExternalIdProvider, string> | null;

export function providerEndpoints(config: AppConfig, sandbox: SandboxOrigins): Record<ExternalIdProvider, ProviderEndpoints> {
  const at = (p: ExternalIdProvider, real: string) => (sandbox ? sandbox[p] : real);
  const trim = (u: string) => u.replace(/\/$/, '');
  const v = config.FACEBOOK_API_VERSION;
  const fbWeb = trim(config.FACEBOOK_WEB_URL ?? at('facebook', REAL.facebookWeb));
  const fbGraph = trim(config.FACEBOOK_GRAPH_URL ?? at('facebook', REAL.facebookGraph));
  const yahoo = config.YAHOOJP_ISSUER ?? (sandbox ? `${sandbox.yahoojp}/yconnect/v2` : REAL.yahoojp);
  return {
    // LINE's discovery names ES256, yet its web login signs ID tokens with HS256 and the channel secret.
    line: {
      kind: 'oidc',
      issuer: trim(config.LINE_ISSUER ?? at('line', REAL.line)),
      scope: 'openid profile email',
      userinfo: false,
      idTokenAlg: 'HS256',
    },
    google: {
      kind: 'oidc',
      issuer: trim(config.GOOGLE_ISSUER ?? at('google', REAL.google)),
      scope: 'openid email profile',
      userinfo: false,
    },
    // Yahoo! JAPAN gives the attributes (e-mail, kana names) through its UserInfo API only.
    yahoojp: { kind: 'oidc', issuer: trim(yahoo), scope: 'openid profile email', userinfo: true },
    facebook: {
      kind: 'oauth',
      authorizeUrl: `${fbWeb}/${v}/dialog/oauth`,
      tokenUrl: `${fbGraph}/${v}/oauth/access_token`,
      meUrl: `${fbGraph}/${v}/me?fields=id,name,first_name,last_name,email`,
      scope: 'public_profile email',
    },
  };
}

export type ClientCredentials = { clientId: string; clientSecret: string };

/** The store's credentials at a provider, or null when it has none usable (the provider is then not offered). */
export function clientCredentials(
  settings: Pick<StoreSettings, 'storeId' | 'externalIdClients'>,
  provider: ExternalIdProvider,
  deps: { env: Record<string, string | undefined>; sandboxSecret: string | null },
): ClientCredentials | null {
  const registered = settings.externalIdClients[provider];
  const clientId = registered?.clientId ?? (deps.sandboxSecret ? settings.storeId : null);
  if (!clientId) return null;
  const fromEnv = registered?.clientSecretEnv ? deps.env[registered.clientSecretEnv] : undefined;
  if (fromEnv) return { clientId, clientSecret: fromEnv };
  if (!deps.sandboxSecret) return null;
  // The local providers' rule (id-sandbox/app.ts clientSecretFor); the store does not import them.
  const clientSecret = createHmac('sha256', deps.sandboxSecret).update(`id-sandbox:${provider}:${clientId}`).digest('base64url');
  return { clientId, clientSecret };
}
