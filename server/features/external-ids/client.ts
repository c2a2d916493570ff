// The relying party (openid-client): the authorization request with state, nonce and PKCE, and
// the callback's code exchange with the ID token validated (issuer, audience, expiry, nonce,
// state; the signature through the JWKS once non-repudiation checks are on, LINE's HS256 with
// the channel secret here, and an iat no later than a minute ahead). Facebook: the same code flow over OAuth 2 and Graph /me.
import * as oidc from 'openid-client';
import { birthdayOfClaim, NO_PROFILE, type ProviderProfile, sexOfClaim } from '#domain/external-ids/signup-prefill.ts';
import { hs256SignatureValid, issuedAtRefused } from './id-token-checks.ts';
import type { ClientCredentials, ExternalIdProvider, ProviderEndpoints } from './providers.ts';

/** What the store keeps between the redirect and the callback (server-side, in the flow). */
export type PendingAuth = { state: string; nonce: string; codeVerifier: string; redirectUri: string };

/** The identity a provider vouched for, in one shape for the four (its profile prefills the sign-up form). */
export type ExternalIdentity = ProviderProfile & {
  provider: ExternalIdProvider;
  subject: string;
  email: string | null;
  /** Only a provider's explicit verified flag counts (LINE and Facebook give none). */
  emailVerified: boolean;
};

/** The callback was not a valid answer to this flow (tampered state, bad token, denied...). */
export class ExternalAuthError extends Error {
  readonly reason: 'denied' | 'invalid';
  constructor(reason: 'denied' | 'invalid', message: string) {
    super(message);
    this.reason = reason;
  }
}

const DISCOVERY_TTL_MS = 10 * 60_000;
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

export function createProviderClient(opts: { timeoutMs?: number } = {}) {
  const cache = new Map<string, { config: Promise<oidc.Configuration>; at: number }>();
  const insecure = (url: string) => new URL(url).protocol === 'http:';

  function configurationOf(endpoints: ProviderEndpoints, client: ClientCredentials): Promise<oidc.Configuration> {
    const key = `${JSON.stringify(endpoints)}\n${client.clientId}\n${client.clientSecret}`;
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
    let config: Promise<oidc.Configuration>;
    if (endpoints.kind === 'oidc') {
      const metadata = {
        client_secret: client.clientSecret,
        ...(endpoints.idTokenAlg ? { id_token_signed_response_alg: endpoints.idTokenAlg } : {}),
      };
      config = oidc
        .discovery(new URL(endpoints.issuer), client.clientId, metadata, undefined, {
          execute: insecure(endpoints.issuer) ? [oidc.allowInsecureRequests] : [],
          timeout: opts.timeoutMs ? opts.timeoutMs / 1000 : undefined,
        })
        .then((c) => {
          // openid-client leaves the token endpoint's ID token signature unchecked unless asked:
          // checked against the provider's JWKS (public keys). HS256 (LINE) is checked in finish().
          if (!endpoints.idTokenAlg) oidc.enableNonRepudiationChecks(c);
          return c;
        });
    } else {
      // No discovery: the server metadata by hand; the client authenticates in the body.
      const c = new oidc.Configuration(
        {
          issuer: new URL(endpoints.authorizeUrl).origin,
          authorization_endpoint: endpoints.authorizeUrl,
          token_endpoint: endpoints.tokenUrl,
        },
        client.clientId,
        client.clientSecret,
        oidc.ClientSecretPost(client.clientSecret),
      );
      if (insecure(endpoints.tokenUrl)) oidc.allowInsecureRequests(c);
      config = Promise.resolve(c);
    }
    // A failed discovery is not kept: the next viewer tries again.
    config.catch(() => cache.delete(key));
    cache.set(key, { config, at: Date.now() });
    return config;
  }

  return {
    /** The provider's authorization URL and what the callback must check. */
    async begin(endpoints: ProviderEndpoints, client: ClientCredentials, redirectUri: string, lang: 'ja' | 'en') {
      const config = await configurationOf(endpoints, client);
      const pending: PendingAuth = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
        redirectUri,
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: endpoints.scope,
        state: pending.state,
        ...(endpoints.kind === 'oidc' ? { nonce: pending.nonce, ui_locales: lang } : { locale: lang === 'ja' ? 'ja_JP' : 'en_US' }),
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url, pending };
    },

    /** Checks the callback against the pending flow and returns who the provider says it is. */
    async finish(
      provider: ExternalIdProvider,
      endpoints: ProviderEndpoints,
      client: ClientCredentials,
      pending: PendingAuth,
      params: URLSearchParams,
    ): Promise<ExternalIdentity> {
      if (params.get('error')) throw new ExternalAuthError('denied', `provider answered ${params.get('error')}`);
      const config = await configurationOf(endpoints, client);
      const current = new URL(pending.redirectUri);
      for (const k of ['code', 'state', 'iss']) {
        const v = params.get(k);
        if (v !== null) current.searchParams.set(k, v);
      }
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          ...(endpoints.kind === 'oidc' ? { expectedNonce: pending.nonce, idTokenExpected: true } : {}),
        });
      } catch (err) {
        const cause = (err as Error).cause instanceof Error ? `: ${((err as Error).cause as Error).message}` : '';
        throw new ExternalAuthError('invalid', `code exchange refused: ${(err as Error).message}${cause}`);
      }
      if (endpoints.kind === 'oauth') {
        const res = await oidc.fetchProtectedResource(config, tokens.access_token, new URL(endpoints.meUrl), 'GET');
        if (!res.ok) throw new ExternalAuthError('invalid', `Graph /me answered ${res.status}`);
        const me = (await res.json()) as Record<string, unknown>;
        const subject = str(me.id);
        if (!subject) throw new ExternalAuthError('invalid', 'Graph /me gave no id');
        return blank(provider, subject, {
          email: str(me.email),
          name: str(me.name),
          givenName: str(me.first_name),
          familyName: str(me.last_name),
        });
      }
      if (endpoints.idTokenAlg === 'HS256' && !hs256SignatureValid(tokens.id_token ?? '', client.clientSecret))
        throw new ExternalAuthError('invalid', 'ID token signature invalid (HS256)');
      const claims = tokens.claims() as Record<string, unknown>;
      if (issuedAtRefused(claims.iat, new Date())) throw new ExternalAuthError('invalid', 'ID token iat in the future');
      const subject = String(claims.sub);
      const info = endpoints.userinfo ? ((await oidc.fetchUserInfo(config, tokens.access_token, subject)) as Record<string, unknown>) : {};
      const all = { ...claims, ...info };
      return blank(provider, subject, {
        email: str(all.email),
        emailVerified: all.email_verified === true || all.email_verified === 'true',
        name: str(all.name),
        familyName: str(all.family_name),
        givenName: str(all.given_name),
        familyNameKana: str(all['family_name#ja-Kana-JP']),
        givenNameKana: str(all['given_name#ja-Kana-JP']),
        // LINE's name is the display name the user chose: a nickname as much as a name.
        nickname: str(all.nickname) ?? (provider === 'line' ? str(all.name) : null),
        sex: sexOfClaim(all.gender),
        birthday: birthdayOfClaim(all.birthdate),
      });
    },
  };
}
export type ProviderClient = ReturnType<typeof createProviderClient>;

function blank(provider: ExternalIdProvider, subject: string, got: Partial<ExternalIdentity>): ExternalIdentity {
  return {
    provider,
    subject,
    email: null,
    emailVerified: false,
    ...NO_PROFILE,
    ...got,
    ...(got.email ? { email: got.email.toLowerCase() } : {}),
  };
}
