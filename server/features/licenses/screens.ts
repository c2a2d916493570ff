import type { ScreenLoaders } from '#server/platform/screens/types.ts';
import { loadLicenses } from './collect.ts';

/** The licences of the packages the app ships (spec 2). */
export function licenseScreens(rootDir: string): ScreenLoaders<'/app/licenses'> {
  return {
    async '/app/licenses'() {
      return { data: { packages: loadLicenses(rootDir) } };
    },
  };
}
