// The claims a relying party gets about a member, by scope (decision 0021). The subject is the
// account's id inside its store: stable, never reused, and meaningless in another store.

import type { OIDC_CLAIMS } from '#config-schema/oidc.ts';

type Claim = (typeof OIDC_CLAIMS)[number];

/** What a scope releases when the store's settings do not say (the standard scopes' claims). */
export const DEFAULT_CLAIMS_BY_SCOPE: Readonly<Record<string, readonly Claim[]>> = {
  email: ['email', 'email_verified'],
  profile: ['name', 'family_name', 'given_name', 'nickname', 'birthdate', 'picture', 'locale'],
};

/**
 * Scope -> the claims it releases (node-oidc-provider's `claims` setting), from the store's
 * scopes: a scope's `claims`, else the default of its key, else none; openid releases the
 * subject only. So an app gets exactly what the consent screen's scope names.
 */
export function claimsByScope(scopes: readonly { scopeKey: string; claims?: readonly Claim[] }[]): Record<string, string[]> {
  const out: Record<string, string[]> = { openid: ['sub'] };
  for (const s of scopes) {
    if (s.scopeKey === 'openid') continue;
    out[s.scopeKey] = [...(s.claims ?? DEFAULT_CLAIMS_BY_SCOPE[s.scopeKey] ?? [])];
  }
  return out;
}

/** A birthday as OpenID Connect's birthdate (YYYY-MM-DD, Core 5.1), from YYYYMMDD or YYYY-MM-DD. */
export function birthdate(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value.trim());
  return m ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
}

export type MemberForClaims = {
  id: string;
  email: string;
  language: string;
  profile: Record<string, unknown>;
  /** An absolute URL of the profile image, or null. */
  picture: string | null;
};

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** Every claim of the member; the provider keeps only those of the granted scopes. */
export function memberClaims(m: MemberForClaims): Record<string, string | boolean> {
  const p = m.profile;
  const family = text(p.familyName);
  const given = text(p.givenName);
  const name = text(p.name) ?? (family && given ? `${family} ${given}` : undefined);
  const entries: [string, string | boolean | undefined][] = [
    ['sub', m.id],
    ['email', m.email],
    // The e-mail was proven by a code at sign-up (and at every change).
    ['email_verified', true],
    ['name', name],
    ['family_name', family],
    ['given_name', given],
    ['nickname', text(p.nickname)],
    ['birthdate', birthdate(p.birthday)],
    ['picture', m.picture ?? undefined],
    ['locale', m.language],
  ];
  return Object.fromEntries(entries.filter((e): e is [string, string | boolean] => e[1] !== undefined));
}
