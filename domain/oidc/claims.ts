// The claims a relying party gets about a member, by scope (decision 0021). The subject is the
// account's id inside its store: stable, never reused, and meaningless in another store.

/** Scope -> the claims it releases (node-oidc-provider's `claims` setting). */
export const CLAIMS_BY_SCOPE = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['name', 'family_name', 'given_name', 'nickname', 'birthdate', 'picture', 'locale'],
} as const;

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
    ['birthdate', text(p.birthday)],
    ['picture', m.picture ?? undefined],
    ['locale', m.language],
  ];
  return Object.fromEntries(entries.filter((e): e is [string, string | boolean] => e[1] !== undefined));
}
