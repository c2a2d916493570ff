import type { LicenseEntry } from '#domain/screens.ts';

/**
 * Licences a store cannot accept for code it runs as a closed network service (decision 0034):
 * the AGPL (and SSPL) ask for the source of the whole service to be offered to its users, the GPL
 * for the source of what is shipped to browsers, BUSL forbids production use. LGPL, MPL and the
 * permissive licences are fine.
 */
const REFUSED = /\b(AGPL|SSPL|BUSL)\b|(^|[^L])GPL/i;

/** The production dependencies whose licence a closed service cannot accept; the build stops on any. */
export function refusedLicenses(entries: readonly LicenseEntry[]): LicenseEntry[] {
  return entries.filter((e) => REFUSED.test(e.license));
}
