// The OpenID Foundation's conformance suite, as a relying party and a browser of our own: the
// suite's Basic and Config OP plans drive a store's provider through a browser that signs in on
// our pages (/oidc/login, /oidc/consent) and a confidential client ("client" and "client2" of the
// suite's configuration, client_secret_basic). Every call goes through app.request with the
// store's Host, so no port is opened. The table of which tests pass: decision 0037.
import { createPublicKey, verify } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { StoreSettingsInput } from '#config-schema/store-settings.ts';
import { accounts } from '#server/db/schema.ts';
import { tenantDoc } from '../../helpers/tenant-factory.ts';
import { type Browser, browser, seedMember } from '../identity/support.ts';
import { followToPage, formPost, type Harness, locationOf, PARTNER_SECRET, PROVIDER_ENV, PROVIDER_SCOPES, SECRET_ENV } from './support.ts';

export const RP_CALLBACK = 'https://rp.example.com/cb';
export const RP_SECRET = PARTNER_SECRET;
/** The server's env: the issuer is the store's configured origin (port 80: no port in it), as in support.ts. */
export const CONFORMANCE_ENV = { ...PROVIDER_ENV, [SECRET_ENV]: PARTNER_SECRET };
export const PASSWORD = 'conformance2026ok';

/** A store whose provider the suite tests: `<id>-rp` and `<id>-rp2` (confidential, the suite's two clients). */
export function conformanceStore(storeId: string, overrides: Partial<StoreSettingsInput> = {}): StoreSettingsInput {
  const rp = (clientId: string, clientName: string, clientNameJa: string) => ({
    clientId,
    clientSecretEnv: SECRET_ENV,
    clientName,
    clientNameJa,
    redirectUris: [RP_CALLBACK],
    scopes: ['openid', 'profile', 'email'],
  });
  return tenantDoc(storeId, {
    features: { oidcConnections: true },
    oidc: {
      clients: [rp(`${storeId}-rp`, 'Conformance RP', '適合性テスト RP'), rp(`${storeId}-rp2`, 'Conformance RP 2', '適合性テスト RP 2')],
      scopes: PROVIDER_SCOPES,
    },
    ...overrides,
  } as Partial<StoreSettingsInput>);
}

export type IdTokenClaims = Record<string, unknown> & { sub: string; iss: string; aud: string | string[]; iat: number; exp: number };
export type TokenAnswer = {
  access_token: string;
  token_type: string;
  id_token: string;
  refresh_token?: string;
  scope?: string;
  expires_in: number;
};

/** Pages where a browser stops following redirects: our interaction pages and the provider's error page. */
const STOP_PAGES = ['/oidc/login', '/oidc/consent', '/oidc/select-account', '/oidc/error'];

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>;

/** One store's provider as the suite sees it: discovery, a browser signing in, the token calls. */
export function conformanceRp(h: Harness, host: string, storeId: string) {
  // Tenancy serves a local host over http and any other over https (as behind the production proxy).
  const origin = `${/(^|\.)localhost$/.test(host) ? 'http' : 'https'}://${host}`;
  const basic = (clientId: string) => `Basic ${Buffer.from(`${clientId}:${RP_SECRET}`).toString('base64')}`;
  const clientId = `${storeId}-rp`;
  let members = 0;

  async function jwks(): Promise<{ keys: Record<string, string>[] }> {
    return (await (await h.get('/oidc/jwks', host)).json()) as { keys: Record<string, string>[] };
  }

  /** POST /oidc/token with the client's credentials (client_secret_basic by default). */
  async function token(fields: Record<string, string>, client = clientId, auth: 'basic' | 'post' | 'none' = 'basic') {
    const body = new URLSearchParams(fields);
    const headers: Record<string, string> = { host, 'content-type': 'application/x-www-form-urlencoded' };
    if (auth === 'basic') headers.authorization = basic(client);
    if (auth === 'post') {
      body.set('client_id', client);
      body.set('client_secret', RP_SECRET);
    }
    const res = await h.app.request('/oidc/token', { method: 'POST', headers, body: body.toString() });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
  }

  return {
    origin,
    clientId,
    client2Id: `${storeId}-rp2`,
    jwks,
    token,

    async discovery(): Promise<Record<string, unknown>> {
      const res = await h.get('/.well-known/openid-configuration', host);
      if (res.status !== 200) throw new Error(`discovery: ${res.status}`);
      return (await res.json()) as Record<string, unknown>;
    },

    /** A member of the store with a password, and a browser that has not signed in yet. */
    async member(extra: { profile?: Record<string, string> } = {}) {
      const email = `conf-${storeId}-${++members}-${Date.now()}@example.jp`;
      const account = await seedMember(h, storeId, { email, password: PASSWORD });
      if (extra.profile) {
        await h.database.admin.update(accounts).set({ profile: extra.profile }).where(eq(accounts.id, account.id));
      }
      return { id: account.id, email, browser: browser(h, host) };
    },

    /** The authorization request's URL (code flow, the suite's defaults: state and nonce). */
    authUrl(params: Record<string, string | undefined>, client = clientId): URL {
      const url = new URL('/oidc/auth', origin);
      const all: Record<string, string | undefined> = {
        client_id: client,
        redirect_uri: RP_CALLBACK,
        response_type: 'code',
        scope: 'openid',
        state: `state-${Math.random().toString(36).slice(2)}`,
        nonce: `nonce-${Math.random().toString(36).slice(2)}`,
        ...params,
      };
      for (const [k, v] of Object.entries(all)) if (v !== undefined) url.searchParams.set(k, v);
      return url;
    },

    /**
     * The browser goes to `start` and does what our pages ask (signs in with the member's password
     * on /oidc/login, agrees to every scope on /oidc/consent) until the provider redirects to the
     * client. Returns the callback and the pages shown on the way.
     */
    async signIn(b: Browser, email: string, start: URL, opts: { consent?: 'all' | 'abort' } = {}) {
      const pages: string[] = [];
      let at = await followToPage(b, start);
      for (let i = 0; i < 6; i++) {
        if (at.host !== host) return { callback: at, pages };
        pages.push(at.pathname);
        const uid = at.searchParams.get('uid') ?? '';
        if (at.pathname === '/oidc/login') {
          const signed = await b.post('/oidc/login', { emailUserId: email, password: PASSWORD, uid });
          if (signed.status !== 200) throw new Error(`login: ${signed.status} ${JSON.stringify(signed.body)}`);
          at = await followToPage(b, new URL(signed.body.redirectTo, origin));
        } else if (at.pathname === '/oidc/consent') {
          const screen = await b.screen(`/oidc/consent?uid=${uid}`);
          const fields: [string, string][] = [['uid', uid]];
          for (const key of screen.body.requestScopeKeys as string[]) fields.push(['addScope', key]);
          const path = opts.consent === 'abort' ? '/oidc/consent/form/abort' : '/oidc/consent/form';
          at = await followToPage(b, locationOf(await formPost(h, b, path, fields), host));
        } else {
          throw new Error(`unexpected page ${at.pathname}`);
        }
      }
      throw new Error('the authorization did not reach the client');
    },

    /** Where the browser's GET of the authorization request ends without anyone acting: a page of ours, an error page or the client. */
    async redirectOnly(b: Browser, start: URL): Promise<URL> {
      let at = start;
      for (let i = 0; i < 6 && at.host === host && !STOP_PAGES.includes(at.pathname); i++) {
        at = locationOf(await b.get(at.pathname + at.search), host);
      }
      return at;
    },

    /** The code of a callback redeemed (client_secret_basic); throws on an error answer. */
    async redeem(callback: URL, client = clientId): Promise<TokenAnswer> {
      const code = callback.searchParams.get('code');
      if (!code) throw new Error(`no code: ${callback.search}`);
      const answer = await token({ grant_type: 'authorization_code', code, redirect_uri: RP_CALLBACK }, client);
      if (answer.status !== 200) throw new Error(`token: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body as TokenAnswer;
    },

    /**
     * The ID token's header and claims, after the checks every suite module makes (its
     * validation): RS256 signature by a key of the JWKS with the header's kid, iss = issuer,
     * aud = the client, iat and exp sane, nonce echoed.
     */
    async idToken(idToken: string, expect: { clientId?: string; nonce?: string | null } = {}) {
      const [head = '', payload = '', signature = ''] = idToken.split('.');
      const header = decode(head) as { alg: string; kid?: string };
      const claims = decode(payload) as IdTokenClaims;
      const problems: string[] = [];
      if (header.alg !== 'RS256') problems.push(`alg ${header.alg}`);
      const jwk = (await jwks()).keys.find((k) => k.kid === header.kid);
      if (!jwk) problems.push(`no key ${header.kid}`);
      else if (
        !verify(
          'sha256',
          Buffer.from(`${head}.${payload}`),
          createPublicKey({ key: jwk, format: 'jwk' }),
          Buffer.from(signature, 'base64url'),
        )
      )
        problems.push('signature');
      if (claims.iss !== origin) problems.push(`iss ${claims.iss}`);
      const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
      if (!aud.includes(expect.clientId ?? clientId)) problems.push(`aud ${claims.aud}`);
      if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== (expect.clientId ?? clientId)) problems.push('azp');
      const now = Math.floor(Date.now() / 1000);
      if (!(claims.iat <= now + 5 && claims.iat > now - 600)) problems.push(`iat ${claims.iat}`);
      if (!(claims.exp > now)) problems.push(`exp ${claims.exp}`);
      if (expect.nonce !== undefined && (claims.nonce ?? null) !== expect.nonce) problems.push(`nonce ${claims.nonce}`);
      if (typeof claims.sub !== 'string' || claims.sub === '') problems.push('sub');
      if (problems.length > 0) throw new Error(`invalid ID token: ${problems.join(', ')}`);
      return { header, claims };
    },

    /** The userinfo endpoint as the suite calls it: GET with the header, POST with the header, POST with the token in the body. */
    async userinfo(accessToken: string, how: 'get' | 'post-header' | 'post-body' = 'get') {
      const headers: Record<string, string> = { host };
      let body: string | undefined;
      if (how !== 'post-body') headers.authorization = `Bearer ${accessToken}`;
      if (how === 'post-body') {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams({ access_token: accessToken }).toString();
      }
      const res = await h.app.request('/oidc/me', { method: how === 'get' ? 'GET' : 'POST', headers, body });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
    },
  };
}
export type ConformanceRp = ReturnType<typeof conformanceRp>;

/** The error a redirect to the client carries (or null), and its state. */
export function callbackError(callback: URL) {
  return { error: callback.searchParams.get('error'), state: callback.searchParams.get('state') };
}
