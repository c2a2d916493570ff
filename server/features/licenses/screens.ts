import type { PageLoaders } from '#server/screens/types.ts';
import { loadLicenses } from './collect.ts';

/** The licences of the packages the app ships (spec 2). */
export function licensePages(rootDir: string): PageLoaders<'/app/licenses'> {
  return {
    async '/app/licenses'() {
      return { data: { packages: loadLicenses(rootDir) } };
    },
  };
}
