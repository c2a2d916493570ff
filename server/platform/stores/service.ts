import { legalNoticeWarnings } from '#config-schema/legal.ts';
import { parseStoreSettings, type SettingsIssue } from '#config-schema/parse.ts';
import type { StoreSettings } from '#config-schema/store-settings.ts';
import { type Change, diffJson } from './diff.ts';
import type { RevisionMeta, StoreRepo } from './repo.ts';

export type ApplyResult =
  | {
      ok: true;
      created: boolean;
      changes: Change[];
      /** What the change means beyond the document (a plan retired with live subscriptions), one line each. */
      notes: string[];
      revision: number | null;
      settings: StoreSettings;
    }
  | { ok: false; issues: SettingsIssue[] };

/** One issue per host of the document that another store already has (a host names one store). */
async function hostIssues(repo: Pick<StoreRepo, 'hostsOwnedElsewhere'>, settings: StoreSettings): Promise<SettingsIssue[]> {
  const conflicts = await repo.hostsOwnedElsewhere(settings.storeId, settings.hosts);
  return conflicts.map((c) => ({
    path: `$.hosts[${settings.hosts.indexOf(c.host)}]`,
    message: `host ${c.host} already belongs to store ${c.storeId}`,
  }));
}

const subscriptions = (n: number) => `${n} live subscription${n === 1 ? '' : 's'}`;

/**
 * One issue per plan of the stored document that the new one drops (its planId gone) while
 * subscriptions on it still run: the next billing run would end them all as force-stopped
 * (decision 0038). Retiring the plan (`"onSale": false`) stops its sales and keeps them renewing.
 */
async function droppedPlanIssues(
  repo: Pick<StoreRepo, 'liveContractCounts'>,
  stored: StoreSettings | undefined,
  settings: StoreSettings,
): Promise<SettingsIssue[]> {
  if (!stored) return [];
  const kept = new Set(settings.plans.map((p) => p.planId));
  const dropped = stored.plans.map((p) => p.planId).filter((id) => !kept.has(id));
  const live = await repo.liveContractCounts(settings.storeId, dropped);
  return dropped.flatMap((planId) => {
    const n = live.get(planId) ?? 0;
    if (n === 0) return [];
    return [
      {
        path: '$.plans',
        message:
          `plan ${planId} is gone but has ${subscriptions(n)}; the next billing run would end them (force_stopped). ` +
          `Keep the plan with "onSale": false to stop selling it while they renew, or end them first`,
      },
    ];
  });
}

/** What retiring plans means for the subscriptions on them: they keep renewing. */
async function retirementNotes(
  repo: Pick<StoreRepo, 'liveContractCounts'>,
  stored: StoreSettings | undefined,
  settings: StoreSettings,
): Promise<string[]> {
  const wasOnSale = new Set(stored?.plans.filter((p) => p.onSale !== false).map((p) => p.planId));
  const retired = settings.plans.filter((p) => !p.onSale && wasOnSale.has(p.planId)).map((p) => p.planId);
  const live = await repo.liveContractCounts(settings.storeId, retired);
  return retired.map((planId) => {
    const n = live.get(planId) ?? 0;
    return `plan ${planId} stops selling (no longer listed nor sold); its ${subscriptions(n)} ${n === 1 ? 'keeps' : 'keep'} renewing`;
  });
}

/** Every issue the database finds with a valid document, given the stored one: hosts of other stores, plans dropped with live subscriptions. */
async function issuesAgainst(
  repo: Pick<StoreRepo, 'hostsOwnedElsewhere' | 'liveContractCounts'>,
  stored: StoreSettings | undefined,
  settings: StoreSettings,
): Promise<SettingsIssue[]> {
  return [...(await hostIssues(repo, settings)), ...(await droppedPlanIssues(repo, stored, settings))];
}

/** The issues of issuesAgainst, against the store's document as it is stored now. */
export async function storedIssues(
  repo: Pick<StoreRepo, 'hostsOwnedElsewhere' | 'liveContractCounts' | 'get'>,
  settings: StoreSettings,
): Promise<SettingsIssue[]> {
  return issuesAgainst(repo, (await repo.get(settings.storeId))?.settings, settings);
}

/** Validates a tenant document and stores it; an invalid document changes nothing. */
export async function applyStoreDocument(
  repo: StoreRepo,
  input: unknown,
  opts: { dryRun?: boolean; meta?: RevisionMeta } = {},
): Promise<ApplyResult> {
  const parsed = parseStoreSettings(input);
  if (!parsed.ok) return parsed;
  const { $schema: _ignored, ...settings } = parsed.settings;
  const existing = await repo.get(settings.storeId);
  const issues = await issuesAgainst(repo, existing?.settings, settings);
  if (issues.length > 0) return { ok: false, issues };
  const changes = diffJson(existing?.settings ?? {}, settings);
  // A store that sells without its legal notice is applied, with a warning (decision 0045).
  const notes = [...(await retirementNotes(repo, existing?.settings, settings)), ...legalNoticeWarnings(settings)];
  if (opts.dryRun || (existing && changes.length === 0)) {
    return { ok: true, created: !existing, changes, notes, revision: existing?.revision ?? null, settings };
  }
  const revision = await repo.save(settings, opts.meta);
  return { ok: true, created: !existing, changes, notes, revision, settings };
}
