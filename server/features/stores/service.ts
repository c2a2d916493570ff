import { parseStoreSettings, type SettingsIssue } from '#config-schema/parse.ts';
import type { StoreSettings } from '#config-schema/store-settings.ts';
import { type Change, diffJson } from './diff.ts';
import type { StoreRepo } from './repo.ts';

export type ApplyResult =
  | { ok: true; created: boolean; changes: Change[]; revision: number | null; settings: StoreSettings }
  | { ok: false; issues: SettingsIssue[] };

/** One issue per host of the document that another store already has (a host names one store). */
export async function hostIssues(repo: Pick<StoreRepo, 'hostsOwnedElsewhere'>, settings: StoreSettings): Promise<SettingsIssue[]> {
  const conflicts = await repo.hostsOwnedElsewhere(settings.storeId, settings.hosts);
  return conflicts.map((c) => ({
    path: `$.hosts[${settings.hosts.indexOf(c.host)}]`,
    message: `host ${c.host} already belongs to store ${c.storeId}`,
  }));
}

/** Validates a tenant document and stores it; an invalid document changes nothing. */
export async function applyStoreDocument(repo: StoreRepo, input: unknown, opts: { dryRun?: boolean } = {}): Promise<ApplyResult> {
  const parsed = parseStoreSettings(input);
  if (!parsed.ok) return parsed;
  const { $schema: _ignored, ...settings } = parsed.settings;
  const issues = await hostIssues(repo, settings);
  if (issues.length > 0) return { ok: false, issues };
  const existing = await repo.get(settings.storeId);
  const changes = diffJson(existing?.settings ?? {}, settings);
  if (opts.dryRun || (existing && changes.length === 0)) {
    return { ok: true, created: !existing, changes, revision: existing?.revision ?? null, settings };
  }
  const revision = await repo.save(settings);
  return { ok: true, created: !existing, changes, revision, settings };
}
