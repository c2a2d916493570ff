import { describe, expect, it } from 'vitest';
import { createLogger } from '#server/base/logger.ts';
import { GEO_DATA_MAX_AGE_DAYS, geoDataReleasedAt, installedGeoDataVersion, warnIfGeoDataOld } from './geoip-age.ts';

function captured() {
  const lines: Record<string, unknown>[] = [];
  const log = createLogger('info', {}, (line) => lines.push(JSON.parse(line)));
  return { log, lines };
}

describe('GeoLite2 data age', () => {
  it('reads the data release from the package version', () => {
    expect(geoDataReleasedAt('5.0.202609260156')?.toISOString()).toBe('2026-09-26T01:56:00.000Z');
    expect(geoDataReleasedAt('5.0.1')).toBeNull();
    expect(geoDataReleasedAt('5.0.202613990000')).toBeNull();
    expect(geoDataReleasedAt(installedGeoDataVersion())).not.toBeNull();
  });

  it('warns at start when the data is older than the licence allows, with its age', () => {
    const { log, lines } = captured();
    expect(warnIfGeoDataOld(log, new Date('2026-11-26T00:00:00Z'), '5.0.202609260156')).toBe(60);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'warn', ageDays: 60, version: '5.0.202609260156' });
    expect(String(lines[0]?.msg)).toContain('60 days old');
    expect(String(lines[0]?.msg)).toContain(`within ${GEO_DATA_MAX_AGE_DAYS} days`);
  });

  it('says nothing while the data is within 30 days', () => {
    const { log, lines } = captured();
    expect(warnIfGeoDataOld(log, new Date('2026-10-20T00:00:00Z'), '5.0.202609260156')).toBe(23);
    expect(lines).toEqual([]);
  });

  it('warns when the version tells no date', () => {
    const { log, lines } = captured();
    expect(warnIfGeoDataOld(log, new Date('2026-10-20T00:00:00Z'), '6.1.0')).toBeNull();
    expect(lines[0]).toMatchObject({ level: 'warn', version: '6.1.0' });
  });
});
