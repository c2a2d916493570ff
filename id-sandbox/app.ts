// The local identity providers: one Hono application serving LINE, Google, Yahoo! JAPAN and
// Facebook, each on its own origin (server.ts gives each a listener and tells the app which
// provider a request is for). Each speaks its provider's protocol: authorization code with
// state, nonce and PKCE (S256), ID tokens signed with the provider's algorithm and published
// in a JWKS, form_post where the real provider offers it, Facebook's token endpoint and Graph
// /me. A consent page lets the tester pick a test user (users.ts). Nothing here imports the store.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { type Lang, pickLang } from '../sandbox-common/language.ts';
import { halfHash, makeKey, type SigningKey, s256, signJwt, signJwtHs256 } from './keys.ts';
import { consentPage, errorPage, formPostPage } from './pages.ts';
import { PROFILES, type ProviderProfile } from './providers.ts';
import { findUser, PROVIDER_IDS, type ProviderId, TEST_USERS, type TestUser } from './users.ts';

export type IdSandboxOptions = {
  /** Each provider's origin as browsers and the store reach it. */
  origins: Record<ProviderId, string>;
  /** The master secret every client's secret derives from (clientSecretFor). */
  secret: string;
  now?: () => Date;
};

/** A client's secret at a sandbox provider: the store derives the same value from the shared secret. */
export const clientSecretFor = (secret: string, provider: ProviderId, clientId: string) =>
  createHmac('sha256', secret).update(`id-sandbox:${provider}:${clientId}`).digest('base64url');

/**
 * A test-only fault: what the token endpoint does to the next ID token it issues. `claims` are
 * laid over the genuine ones; `signing` says how the token is then signed: `kept` keeps the
 * signature of the genuine claims (a broken signature), `foreign` signs with a key the provider
 * does not publish (under its key id; for LINE's HS256 another secret), `genuine` signs properly.
 */
export type IdTokenTamper = { claims?: Record<string, unknown>; signing: 'kept' | 'foreign' | 'genuine' };

type Env = { Bindings: { provider?: ProviderId } };
type AuthRequest = {
  ref: string;
  provider: ProviderId;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state?: string;
  nonce?: string;
  codeChallenge?: string;
  responseMode: 'query' | 'form_post';
  expiresAt: number;
};
type Grant = AuthRequest & { user: TestUser; used: boolean };

const CODE_TTL_MS = 5 * 60_000;
const TOKEN_TTL_S = 3600;
const token = () => randomBytes(24).toString('base64url');

const safeEqual = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

function redirectUriValid(v: string | undefined): v is string {
  try {
    const u = new URL(v ?? '');
    return (u.protocol === 'http:' || u.protocol === 'https:') && !u.hash;
  } catch {
    return false;
  }
}

export function createIdSandboxApp(opts: IdSandboxOptions) {
  const now = () => (opts.now ?? (() => new Date()))().getTime();
  const keys: Partial<Record<ProviderId, SigningKey>> = {};
  for (const id of PROVIDER_IDS) {
    const alg = PROFILES[id].alg;
    if (alg) keys[id] = makeKey(alg);
  }
  const tampers = new Map<ProviderId, IdTokenTamper>();
  const requests = new Map<string, AuthRequest>();
  const codes = new Map<string, Grant>();
  const accessTokens = new Map<string, { provider: ProviderId; user: TestUser; scopes: string[]; expiresAt: number }>();
  const origin = (p: ProviderId) => opts.origins[p].replace(/\/$/, '');
  const issuer = (p: ProviderId) => origin(p) + PROFILES[p].issuerPath;

  const app = new Hono<Env>();
  app.use('*', async (c, next) => {
    if (!c.env?.provider) return c.json({ error: 'not_found' }, 404);
    await next();
    c.header('Cache-Control', 'no-store');
  });
  const profileOf = (c: Context<Env>): ProviderProfile => PROFILES[c.env.provider as ProviderId];
  /** The request's path; Facebook's endpoints answer under any Graph API version (/vNN.N/...). */
  const pathOf = (c: Context<Env>) => {
    const path = new URL(c.req.url).pathname;
    return profileOf(c).id === 'facebook' ? path.replace(/^\/v\d+\.\d+\//, '/v19.0/') : path;
  };
  const htmlHeaders = (c: Context<Env>, nonce: string, formTarget?: string) => {
    const formAction = formTarget ? `'self' ${new URL(formTarget).origin}` : "'self'";
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    );
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Content-Type-Options', 'nosniff');
  };
  const oauthError = (c: Context<Env>, status: 400 | 401, error: string, description: string) =>
    profileOf(c).id === 'facebook'
      ? c.json({ error: { message: description, type: 'OAuthException', code: error === 'invalid_token' ? 190 : 100 } }, status)
      : c.json({ error, error_description: description }, status);

  // ---- discovery and keys ----
  app.get('*', async (c, next) => {
    const p = profileOf(c);
    const path = pathOf(c);
    if (p.discoveryPath && path === p.discoveryPath) {
      const o = origin(p.id);
      return c.json({
        issuer: issuer(p.id),
        authorization_endpoint: o + p.authorizePath,
        token_endpoint: o + p.tokenPath,
        userinfo_endpoint: o + p.userinfoPath,
        jwks_uri: o + (p.jwksPath ?? ''),
        response_types_supported: ['code'],
        response_modes_supported: p.formPost ? ['query', 'form_post'] : ['query'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: [p.alg],
        scopes_supported: p.scopes,
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        code_challenge_methods_supported: ['S256'],
        grant_types_supported: ['authorization_code'],
      });
    }
    if (p.jwksPath && path === p.jwksPath) return c.json({ keys: [keys[p.id]?.jwk] });
    return next();
  });

  // ---- the authorization endpoint and the consent page ----
  app.get('*', async (c, next) => {
    const p = profileOf(c);
    if (pathOf(c) !== p.authorizePath) return next();
    const q = c.req.query();
    // ui_locales is a list of BCP 47 tags ('en-US ja'), Facebook's locale one like 'en_US': the first one's language.
    const asked = (q.ui_locales ?? q.locale)
      ?.trim()
      .split(/[\s_-]/)[0]
      ?.toLowerCase();
    const lang = pickLang(asked, c.req.header('accept-language'));
    const nonce = randomBytes(16).toString('base64');
    htmlHeaders(c, nonce);
    // Never redirect to an unchecked address: these errors are shown here.
    if (!q.client_id) return c.html(errorPage(lang, nonce, 'client_id is missing'), 400);
    if (!redirectUriValid(q.redirect_uri)) return c.html(errorPage(lang, nonce, 'redirect_uri is not valid'), 400);
    const back = (error: string, description: string) => {
      const u = new URL(q.redirect_uri as string);
      u.searchParams.set('error', error);
      u.searchParams.set('error_description', description);
      if (q.state) u.searchParams.set('state', q.state);
      return c.redirect(u.toString(), 302);
    };
    if (q.response_type !== 'code') return back('unsupported_response_type', 'only response_type=code');
    const scopes = (q.scope ?? '').split(/[\s,]+/).filter(Boolean);
    const unknown = scopes.filter((s) => !p.scopes.includes(s));
    if (unknown.length > 0) return back('invalid_scope', `unknown scope: ${unknown.join(' ')}`);
    if (p.discoveryPath && !scopes.includes('openid')) return back('invalid_scope', 'the openid scope is required');
    if (q.code_challenge && q.code_challenge_method !== 'S256') return back('invalid_request', 'code_challenge_method must be S256');
    const responseMode = q.response_mode === 'form_post' && p.formPost ? 'form_post' : q.response_mode ? null : 'query';
    if (!responseMode) return back('invalid_request', 'response_mode not supported');
    const req: AuthRequest = {
      ref: token(),
      provider: p.id,
      clientId: q.client_id,
      redirectUri: q.redirect_uri,
      scopes,
      state: q.state,
      nonce: q.nonce,
      codeChallenge: q.code_challenge,
      responseMode,
      expiresAt: now() + 30 * 60_000,
    };
    requests.set(req.ref, req);
    htmlHeaders(c, nonce, req.redirectUri);
    return c.html(consentPage({ lang, nonce, profile: p, ref: req.ref, clientId: req.clientId, scopes, users: TEST_USERS[p.id] }));
  });

  app.post('/sandbox/consent', async (c) => {
    const p = profileOf(c);
    const form = await c.req.parseBody();
    const str = (k: string) => (typeof form[k] === 'string' ? (form[k] as string) : undefined);
    const lang: Lang = pickLang(str('lang'), c.req.header('accept-language'));
    const nonce = randomBytes(16).toString('base64');
    const req = requests.get(str('ref') ?? '');
    if (!req || req.provider !== p.id || req.expiresAt <= now()) {
      htmlHeaders(c, nonce);
      return c.html(errorPage(lang, nonce, 'the request has expired or is unknown'), 400);
    }
    requests.delete(req.ref);
    const user = findUser(p.id, str('user') ?? '');
    const fields: Record<string, string> = {};
    if (str('decision') === 'allow' && user) {
      const code = token();
      codes.set(code, { ...req, user, used: false, expiresAt: now() + CODE_TTL_MS });
      fields.code = code;
    } else if (p.id === 'facebook') {
      Object.assign(fields, {
        error: 'access_denied',
        error_code: '200',
        error_description: 'Permissions error',
        error_reason: 'user_denied',
      });
    } else {
      Object.assign(fields, { error: 'access_denied', error_description: 'the user cancelled' });
    }
    if (req.state !== undefined) fields.state = req.state;
    if (req.responseMode === 'form_post') {
      htmlHeaders(c, nonce, req.redirectUri);
      return c.html(formPostPage(lang, nonce, req.redirectUri, fields));
    }
    const u = new URL(req.redirectUri);
    for (const [k, v] of Object.entries(fields)) u.searchParams.set(k, v);
    // Facebook appends #_=_ to its redirects.
    if (p.id === 'facebook') u.hash = '_=_';
    return c.redirect(u.toString(), 303);
  });

  // ---- the token endpoint (Facebook also takes a GET with the parameters in the query) ----
  const tokenEndpoint = async (c: Context<Env>) => {
    const p = profileOf(c);
    const body: Record<string, string> =
      c.req.method === 'POST'
        ? Object.fromEntries(Object.entries(await c.req.parseBody()).filter(([, v]) => typeof v === 'string') as [string, string][])
        : c.req.query();
    let clientId = body.client_id;
    let clientSecret = body.client_secret;
    const basic = /^Basic (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (basic) {
      const [id, secret] = Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent);
      clientId = id;
      clientSecret = secret;
    }
    if (!clientId || !clientSecret || !safeEqual(clientSecret, clientSecretFor(opts.secret, p.id, clientId))) {
      return oauthError(c, 401, 'invalid_client', 'client authentication failed');
    }
    if (p.id !== 'facebook' && body.grant_type !== 'authorization_code') {
      return oauthError(c, 400, 'unsupported_grant_type', 'only authorization_code');
    }
    const grant = codes.get(body.code ?? '');
    if (!grant || grant.provider !== p.id || grant.used || grant.expiresAt <= now()) {
      if (grant) grant.used = true;
      return oauthError(c, 400, 'invalid_grant', 'the code is unknown, used or expired');
    }
    grant.used = true;
    if (grant.clientId !== clientId) return oauthError(c, 400, 'invalid_grant', 'the code was issued to another client');
    if (grant.redirectUri !== body.redirect_uri) return oauthError(c, 400, 'invalid_grant', 'redirect_uri does not match');
    if (grant.codeChallenge && (!body.code_verifier || s256(body.code_verifier) !== grant.codeChallenge)) {
      return oauthError(c, 400, 'invalid_grant', 'code_verifier does not match');
    }
    const accessToken = token();
    accessTokens.set(accessToken, { provider: p.id, user: grant.user, scopes: grant.scopes, expiresAt: now() + TOKEN_TTL_S * 1000 });
    if (p.id === 'facebook') return c.json({ access_token: accessToken, token_type: 'bearer', expires_in: TOKEN_TTL_S });
    const iat = Math.floor(now() / 1000);
    const claims = {
      iss: issuer(p.id),
      sub: grant.user.sub,
      aud: clientId,
      exp: iat + TOKEN_TTL_S,
      iat,
      auth_time: iat,
      ...(grant.nonce !== undefined ? { nonce: grant.nonce } : {}),
      at_hash: halfHash(accessToken),
      ...p.idTokenClaims(grant.user, new Set(grant.scopes)),
    };
    // LINE's web login signs with HS256 and the channel secret, whatever its discovery document says (ES256).
    const sign = (what: Record<string, unknown>, foreign = false) => {
      if (p.webLoginHs256) return signJwtHs256(clientSecretFor(foreign ? `${opts.secret}-foreign` : opts.secret, p.id, clientId), what);
      const key = keys[p.id] as SigningKey;
      return signJwt(foreign ? { ...makeKey(key.alg), kid: key.kid } : key, what);
    };
    const tamper = tampers.get(p.id);
    tampers.delete(p.id);
    let idToken = sign(claims);
    if (tamper) {
      const changed = { ...claims, ...tamper.claims };
      if (tamper.signing === 'kept') {
        const [header, , signature] = idToken.split('.');
        idToken = `${header}.${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${signature}`;
      } else idToken = sign(changed, tamper.signing === 'foreign');
    }
    return c.json({
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: TOKEN_TTL_S,
      scope: grant.scopes.join(' '),
      id_token: idToken,
    });
  };

  // ---- userinfo (Yahoo! JAPAN: attribute; Facebook: Graph /me) ----
  const userinfo = (c: Context<Env>) => {
    const p = profileOf(c);
    const bearer = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const at = accessTokens.get(bearer ?? (p.id === 'facebook' ? (c.req.query('access_token') ?? '') : ''));
    if (!at || at.provider !== p.id || at.expiresAt <= now()) {
      c.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      return oauthError(c, 401, 'invalid_token', 'the access token is not valid');
    }
    const fields = c.req
      .query('fields')
      ?.split(',')
      .map((f) => f.trim());
    return c.json(p.userinfo(at.user, new Set(at.scopes), fields));
  };

  app.on(['GET', 'POST'], '*', async (c, next) => {
    const p = profileOf(c);
    const path = pathOf(c);
    if (path === p.tokenPath && (c.req.method === 'POST' || p.id === 'facebook')) return tokenEndpoint(c);
    if (path === p.userinfoPath) return userinfo(c);
    return next();
  });
  app.get('/healthz', (c) => c.json({ status: 'ok', provider: profileOf(c).id }));
  app.notFound((c) => c.json({ error: 'not_found' }, 404));

  return {
    app,
    issuer,
    origin,
    clientSecret: (p: ProviderId, clientId: string) => clientSecretFor(opts.secret, p, clientId),
    /** Test-only: the next ID token of `provider` comes out tampered (never reachable over HTTP). */
    tamperNextIdToken: (provider: ProviderId, tamper: IdTokenTamper) => tampers.set(provider, tamper),
  };
}

export type IdSandboxApp = ReturnType<typeof createIdSandboxApp>;
