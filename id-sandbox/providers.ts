// What each local provider looks like from outside: its endpoint paths (the real providers'
// paths, so only the origin changes for a real one), its signing, and the claims it gives where.

import type { SigningKey } from './keys.ts';
import type { ProviderId, TestUser } from './users.ts';

export type ProviderProfile = {
  id: ProviderId;
  displayName: { ja: string; en: string };
  /** The issuer's path under the provider's origin ('' for the origin itself). */
  issuerPath: string;
  /** Null: no discovery document (Facebook is OAuth 2 with the Graph API, not OpenID Connect). */
  discoveryPath: string | null;
  authorizePath: string;
  tokenPath: string;
  userinfoPath: string;
  jwksPath: string | null;
  alg: SigningKey['alg'] | null;
  scopes: string[];
  /** LINE: web-login ID tokens are HS256 with the channel secret, though discovery names ES256 only. */
  webLoginHs256?: boolean;
  /** response_mode=form_post is offered (Google, Yahoo! JAPAN). */
  formPost: boolean;
  /** The ID token's user claims for the granted scopes (only the OpenID Connect providers). */
  idTokenClaims(u: TestUser, scopes: Set<string>): Record<string, unknown>;
  /** The userinfo (or Graph /me) answer for the granted scopes. */
  userinfo(u: TestUser, scopes: Set<string>, fields?: string[]): Record<string, unknown>;
};

const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

export const PROFILES: Record<ProviderId, ProviderProfile> = {
  // LINE Login v2.1: the e-mail comes in the ID token only with the email scope and the user's
  // permission, and without any verified flag; its keys are ES256 (the JWKS, and discovery's
  // id_token_signing_alg_values_supported), yet web-login ID tokens are HS256 with the channel secret.
  line: {
    id: 'line',
    displayName: { ja: 'LINE', en: 'LINE' },
    issuerPath: '',
    discoveryPath: '/.well-known/openid-configuration',
    authorizePath: '/oauth2/v2.1/authorize',
    tokenPath: '/oauth2/v2.1/token',
    userinfoPath: '/oauth2/v2.1/userinfo',
    jwksPath: '/oauth2/v2.1/certs',
    alg: 'ES256',
    webLoginHs256: true,
    scopes: ['openid', 'profile', 'email'],
    formPost: false,
    idTokenClaims: (u, s) =>
      defined({ amr: ['linesso'], name: s.has('profile') ? u.name : undefined, email: s.has('email') ? u.email : undefined }),
    userinfo: (u, s) => defined({ sub: u.sub, name: s.has('profile') ? u.name : undefined }),
  },
  // Google: everything in the ID token, email_verified a boolean; RS256.
  google: {
    id: 'google',
    displayName: { ja: 'Google', en: 'Google' },
    issuerPath: '',
    discoveryPath: '/.well-known/openid-configuration',
    authorizePath: '/o/oauth2/v2/auth',
    tokenPath: '/token',
    userinfoPath: '/v1/userinfo',
    jwksPath: '/oauth2/v3/certs',
    alg: 'RS256',
    scopes: ['openid', 'profile', 'email'],
    formPost: true,
    idTokenClaims: (u, s) =>
      defined({
        ...(s.has('email') ? { email: u.email, email_verified: u.emailVerified } : {}),
        ...(s.has('profile') ? { name: u.name, given_name: u.givenName, family_name: u.familyName, locale: 'ja' } : {}),
      }),
    userinfo: (u, s) =>
      defined({
        sub: u.sub,
        ...(s.has('email') ? { email: u.email, email_verified: u.emailVerified } : {}),
        ...(s.has('profile') ? { name: u.name, given_name: u.givenName, family_name: u.familyName } : {}),
      }),
  },
  // Yahoo! JAPAN ID連携 v2: issuer .../yconnect/v2, the ID token carries no attributes, the
  // attributes (kana names among them) come from the UserInfo API (/yconnect/v2/attribute).
  yahoojp: {
    id: 'yahoojp',
    displayName: { ja: 'Yahoo! JAPAN ID', en: 'Yahoo! JAPAN ID' },
    issuerPath: '/yconnect/v2',
    discoveryPath: '/yconnect/v2/.well-known/openid-configuration',
    authorizePath: '/yconnect/v2/authorization',
    tokenPath: '/yconnect/v2/token',
    userinfoPath: '/yconnect/v2/attribute',
    jwksPath: '/yconnect/v2/jwks',
    alg: 'RS256',
    scopes: ['openid', 'profile', 'email', 'address'],
    formPost: true,
    idTokenClaims: () => ({ amr: ['pwd'] }),
    userinfo: (u, s) =>
      defined({
        sub: u.sub,
        ...(s.has('email') ? { email: u.email, email_verified: u.emailVerified } : {}),
        ...(s.has('profile')
          ? {
              name: u.name,
              given_name: u.givenName,
              family_name: u.familyName,
              'given_name#ja-Kana-JP': u.givenNameKana,
              'family_name#ja-Kana-JP': u.familyNameKana,
              nickname: u.nickname,
              gender: u.gender,
              // The birth year only, as Yahoo! JAPAN gives it (not OpenID Connect's YYYY-MM-DD).
              birthdate: u.birthYear,
            }
          : {}),
      }),
  },
  // Facebook Login: OAuth 2 (no discovery, no ID token), the user from the Graph API
  // /me?fields=id,name,first_name,last_name,email; the e-mail only with the email permission and
  // when the user has one. Only the fields asked for come back.
  facebook: {
    id: 'facebook',
    displayName: { ja: 'Facebook', en: 'Facebook' },
    issuerPath: '',
    discoveryPath: null,
    authorizePath: '/v19.0/dialog/oauth',
    tokenPath: '/v19.0/oauth/access_token',
    userinfoPath: '/v19.0/me',
    jwksPath: null,
    alg: null,
    scopes: ['public_profile', 'email'],
    formPost: false,
    idTokenClaims: () => ({}),
    userinfo: (u, s, fields = ['id', 'name']) =>
      defined({
        id: u.sub,
        name: fields.includes('name') ? u.name : undefined,
        first_name: fields.includes('first_name') ? u.givenName : undefined,
        last_name: fields.includes('last_name') ? u.familyName : undefined,
        email: fields.includes('email') && s.has('email') ? u.email : undefined,
      }),
  },
};
