/**
 * The provider's protocol endpoints on each store's origin. They live under /oidc beside the
 * interaction pages (/oidc/login, /oidc/consent, ...), on paths no page uses; discovery is at
 * /.well-known/openid-configuration.
 */
export const OIDC_ROUTES = {
  authorization: '/oidc/auth',
  token: '/oidc/token',
  userinfo: '/oidc/me',
  jwks: '/oidc/jwks',
  revocation: '/oidc/token/revocation',
  end_session: '/oidc/session/end',
} as const;

const PROTOCOL_PREFIXES = ['/oidc/auth', '/oidc/token', '/oidc/me', '/oidc/jwks', '/oidc/session/end'];

/** Whether the provider answers this path (rather than a page or the API). */
export const isProtocolPath = (path: string) =>
  path === '/.well-known/openid-configuration' || PROTOCOL_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
