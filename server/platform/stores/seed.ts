import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Logger } from '#server/base/logger.ts';
import type { StoreRepo } from './repo.ts';
import { applyStoreDocument } from './service.ts';

const salesSeed = z.record(z.string(), z.record(z.string(), z.number().int().min(0)));

/** On an empty database: applies every tenants/*.json and the demo sales counts in seeds/. */
export async function seedDemoStores(repo: StoreRepo, rootDir: string, log: Logger): Promise<number> {
  if ((await repo.list()).length > 0) return 0;
  const dir = join(rootDir, 'tenants');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  for (const file of files) {
    const result = await applyStoreDocument(repo, JSON.parse(readFileSync(join(dir, file), 'utf8')));
    if (!result.ok) throw new Error(`tenants/${file} is invalid: ${result.issues.map((i) => `${i.path} ${i.message}`).join('; ')}`);
    log.info('seeded store', { storeId: result.settings.storeId, file });
  }
  const salesFile = join(rootDir, 'seeds', 'plan-sales.json');
  if (existsSync(salesFile)) {
    const sales = salesSeed.parse(JSON.parse(readFileSync(salesFile, 'utf8')));
    for (const [storeId, plans] of Object.entries(sales)) {
      if (!(await repo.get(storeId))) continue;
      for (const [planId, count] of Object.entries(plans)) await repo.setSalesCount(storeId, planId, count);
    }
  }
  return files.length;
}
