/**
 * The login actions: the store's (POST /login, /login/code) and the OpenID provider's sign-in
 * page's (POST /oidc/login, /oidc/login/code). JSON calls, answered never to be cached.
 */
export const isLoginCall = (path: string) =>
  path === '/login' || path.startsWith('/login/') || path === '/oidc/login' || path.startsWith('/oidc/login/');
