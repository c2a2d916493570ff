// A relying party (openid-client) and a browser against the app of a harness: every HTTP call
// goes through app.request with the store's Host, so no port is opened.
import * as client from 'openid-client';
import type { StoreSettingsInput } from '#config-schema/store-settings.ts';
import { inStore } from '#server/db/scope.ts';
import { findInteraction, finishConsent } from '#server/features/oidc/interactions.ts';
import { tenantDoc } from '../../helpers/tenant-factory.ts';
import type { createHarness } from '../app-harness.ts';
import type { Browser } from '../identity/support.ts';

export type Harness = Awaited<ReturnType<typeof createHarness>>;

/**
 * The server's port for the OpenID tests: 80, so a store's configured origin, its issuer
 * (storePublicOrigin), is http://<its first host>, where the tests' relying parties discover it.
 */
export const PROVIDER_ENV = { PORT: '80' } as const;

export const SECRET_ENV = 'TEST_PARTNER_CLIENT_SECRET';
export const PARTNER_SECRET = 'partner-secret-for-tests-0123456789abcdef';
export const APP_CALLBACK = 'https://app.example.com/callback';

/** The store scopes of the provider tests: openid (required), profile and email. */
export const PROVIDER_SCOPES = [
  { scopeKey: 'openid', scopeName: { ja: '会員の識別子', en: 'Member identifier' }, required: true },
  { scopeKey: 'profile', scopeName: { ja: 'プロフィール', en: 'Profile' } },
  { scopeKey: 'email', scopeName: { ja: 'メールアドレス', en: 'E-mail address' } },
];

/** A store offering two clients: `<id>-app` (public, PKCE) and `<id>-partner` (confidential). */
export function providerStore(storeId: string, overrides: Partial<StoreSettingsInput> = {}): StoreSettingsInput {
  return tenantDoc(storeId, {
    features: { oidcConnections: true },
    oidc: {
      clients: [
        {
          clientId: `${storeId}-app`,
          clientName: 'Test App',
          clientNameJa: 'テストアプリ',
          redirectUris: [APP_CALLBACK],
          scopes: ['openid', 'profile', 'email'],
        },
        {
          clientId: `${storeId}-partner`,
          clientSecretEnv: SECRET_ENV,
          clientName: 'Partner Site',
          redirectUris: ['https://partner.example.com/cb'],
          scopes: ['openid', 'email'],
        },
      ],
      scopes: PROVIDER_SCOPES,
    },
    ...overrides,
  } as Partial<StoreSettingsInput>);
}

const env = { incoming: { socket: { remoteAddress: '198.18.200.1' } } };

/** fetch over the app: the URL's host becomes the Host header. */
export function appFetch(h: Harness): client.CustomFetch {
  return async (url, options) => {
    const u = new URL(url);
    const headers = new Headers(options.headers as HeadersInit);
    headers.set('host', u.host);
    return h.app.request(
      url,
      { method: options.method, headers, body: options.body as BodyInit | null | undefined, redirect: 'manual' },
      env,
    );
  };
}

/** The relying party's configuration for a client of the store at `host`. */
export async function relyingParty(h: Harness, host: string, clientId: string, secret?: string) {
  return client.discovery(new URL(`http://${host}`), clientId, undefined, secret ? client.ClientSecretBasic(secret) : client.None(), {
    execute: [client.allowInsecureRequests],
    [client.customFetch]: appFetch(h),
  });
}

/** A browser with a cookie jar that follows the provider's redirects on one store's host. */
export function oidcBrowser(h: Harness, host: string) {
  const jar = new Map<string, string>();
  const fetcher = appFetch(h);
  return {
    jar,
    async get(url: string | URL): Promise<Response> {
      const target = new URL(url, `http://${host}`);
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await fetcher(target.href, { method: 'GET', headers: cookie ? { cookie } : {} } as client.CustomFetchOptions);
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        const expired = /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line);
        if (expired) jar.delete(pair.slice(0, at));
        else jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return res;
    },
  };
}
export type OidcBrowser = ReturnType<typeof oidcBrowser>;

/** The location a response redirects to, as an absolute URL on the store's host. */
export function locationOf(res: { status: number; headers: Headers }, host: string): URL {
  const location = res.headers.get('location');
  if (!location) throw new Error(`no redirect: ${res.status}`);
  return new URL(location, `http://${host}`);
}

/**
 * Drives an authorization request as a browser signed in to the store as accountId: the login
 * step goes on as that member, the consent is answered as the page would (rejecting `reject`);
 * returns the redirect to the client's callback.
 */
export async function authorize(h: Harness, b: OidcBrowser, host: string, authUrl: URL, accountId: string, reject: string[] = []) {
  const store = await h.storeCache.resolveHost(host);
  if (!store) throw new Error(`no store at ${host}`);
  const provider = await h.services.oidcProviders.get(store);
  // Signed in to the store as accountId (the provider follows the store's session).
  b.jar.set('sid', (await inStore(store.storeId, () => h.services.sessions.signIn(accountId, { sid: undefined, latid: undefined }))).sid);
  let res = await b.get(authUrl);
  for (let step = 0; step < 6; step++) {
    const next = locationOf(res, host);
    if (next.host !== host) return next;
    if (next.pathname === '/oidc/consent') {
      const interaction = await findInteraction(provider, next.searchParams.get('uid') ?? '');
      res = await b.get(await finishConsent(provider, interaction, { rejectedScopes: reject }, new Date()));
    } else {
      res = await b.get(next);
    }
  }
  throw new Error('authorization did not reach the callback');
}

/** A fresh code + PKCE request; returns the callback URL and the checks. */
export async function codeFlow(
  h: Harness,
  rp: client.Configuration,
  host: string,
  accountId: string,
  opts: { scope?: string; reject?: string[]; redirectUri?: string; b?: OidcBrowser } = {},
) {
  const verifier = client.randomPKCECodeVerifier();
  const checks = { pkceCodeVerifier: verifier, expectedState: client.randomState(), expectedNonce: client.randomNonce() };
  const authUrl = client.buildAuthorizationUrl(rp, {
    redirect_uri: opts.redirectUri ?? APP_CALLBACK,
    scope: opts.scope ?? 'openid profile email',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: checks.expectedState,
    nonce: checks.expectedNonce,
  });
  const b = opts.b ?? oidcBrowser(h, host);
  const callback = await authorize(h, b, host, authUrl, accountId, opts.reject);
  return { callback, checks, browser: b };
}

/** Our pages where a browser stops following the provider's redirects. */
const INTERACTION_PAGES = ['/oidc/consent', '/oidc/select-account', '/oidc/login', '/login'];

/** Follows same-store redirects until a page of ours (consent, login) or the app's callback. */
export async function followToPage(b: Browser, start: URL): Promise<URL> {
  let at = start;
  for (let i = 0; i < 6 && at.host === b.host && !INTERACTION_PAGES.includes(at.pathname); i++) {
    at = locationOf(await b.get(at.pathname + at.search), b.host);
  }
  return at;
}

/** A form POST as our interaction pages send it (same-origin), the answer's cookies kept. */
export async function formPost(h: Harness, b: Browser, path: string, fields: [string, string][]) {
  const res = await h.app.request(path, {
    method: 'POST',
    headers: {
      host: b.host,
      cookie: b.jar.header(),
      origin: `http://${b.host}`,
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(fields).toString(),
  });
  b.jar.absorb(res);
  return res;
}

/** The app `clientId` asks for a sign-in (code + PKCE, state 'st'); the browser follows to our first page. */
export async function startAuthorization(h: Harness, b: Browser, clientId: string, extra: Record<string, string> = {}) {
  const rp = await relyingParty(h, b.host, clientId);
  const verifier = client.randomPKCECodeVerifier();
  const url = client.buildAuthorizationUrl(rp, {
    redirect_uri: APP_CALLBACK,
    scope: 'openid profile email',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: 'st',
    ...extra,
  });
  return { rp, verifier, at: await followToPage(b, url) };
}
