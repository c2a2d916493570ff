// The age of the GeoLite2 country data that geoip-country ships (docs/operations.md, "Licences and
// data"). The GeoLite2 licence asks a user to move to each new release of the data within 30 days;
// the package republishes with fresh data, its version naming the data's date (5.0.YYYYMMDDhhmm).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Logger } from '#server/base/logger.ts';

/** The GeoLite2 licence's limit: a newer release of the data must be used within this many days. */
export const GEO_DATA_MAX_AGE_DAYS = 30;
const DAY_MS = 86_400_000;

/** "5.0.202609260156" -> 2026-09-26T01:56Z; null when the version carries no date. */
export function geoDataReleasedAt(version: string): Date | null {
  const m = /^\d+\.\d+\.(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(version);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi));
  return Number.isNaN(at.getTime()) || at.getUTCMonth() !== mo - 1 ? null : at;
}

/** The installed geoip-country's version. */
export function installedGeoDataVersion(): string {
  const require = createRequire(import.meta.url);
  return (JSON.parse(readFileSync(require.resolve('geoip-country/package.json'), 'utf8')) as { version: string }).version;
}

/**
 * At start: warns when the country data is older than the licence allows (or its date is unknown),
 * naming the age and how to update. Answers the age in days (null: unknown).
 */
export function warnIfGeoDataOld(log: Logger, now: Date, version: string = installedGeoDataVersion()): number | null {
  const releasedAt = geoDataReleasedAt(version);
  if (!releasedAt) {
    log.warn('GeoLite2 country data: release date unknown; update geoip-country (docs/operations.md, Licences and data)', { version });
    return null;
  }
  const ageDays = Math.floor((now.getTime() - releasedAt.getTime()) / DAY_MS);
  if (ageDays > GEO_DATA_MAX_AGE_DAYS) {
    log.warn(
      `GeoLite2 country data is ${ageDays} days old; its licence asks for each new release within ${GEO_DATA_MAX_AGE_DAYS} days: update geoip-country (docs/operations.md, Licences and data)`,
      { version, releasedAt: releasedAt.toISOString(), ageDays },
    );
  }
  return ageDays;
}
