import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { legalNoticeWarnings } from '#config-schema/legal.ts';
import { type IssueLanguage, parseStoreSettingsJson, type SettingsIssue } from '#config-schema/parse.ts';
import type { StoreSettings } from '#config-schema/store-settings.ts';
import type { StoreAdmin } from '#server/platform/stores/admin.ts';
import type { RevisionMeta } from '#server/platform/stores/repo.ts';
import type { ApplyResult } from '#server/platform/stores/service.ts';
import { changeLines, exportDocument, formatTime, issueLines, table } from './format.ts';
import { inAdminLanguage, type Texts, texts } from './messages.ts';

export type Io = { out(line: string): void; err(line: string): void };
/** How a command answers: in the admin's language, and as one JSON value on stdout with --json. */
export type Output = { lang: IssueLanguage; json: boolean };
const EN: Output = { lang: 'en', json: false };
/** --json: one value, pretty-printed, on stdout. */
const printJson = (io: Io, value: unknown) => io.out(JSON.stringify(value, null, 2));
/** Reaches the stores (the database, or the running server that holds it), runs fn, and lets go. */
export type WithAdmin = <T>(fn: (admin: StoreAdmin) => Promise<T>) => Promise<T>;

/** A file argument is relative to the working directory (the project root under `npm run`). */
function readText(file: string, io: Io, t: Texts): string | null {
  try {
    return readFileSync(resolve(file), 'utf8');
  } catch (e) {
    io.err(t.cannotRead(file, (e as Error).message));
    return null;
  }
}

/**
 * Asks the database what it refuses in a document (hosts of other stores, plans dropped with live
 * subscriptions); `unchecked` says why no database could be asked.
 */
export type HostCheck = (settings: StoreSettings) => Promise<{ issues: SettingsIssue[] } | { unchecked: string }>;

/**
 * Checks a document as apply would without saving it: the schema always, and against the database
 * (its hosts against the other stores, the plans it drops against their live subscriptions) when
 * one is reachable. Without one it still answers valid or invalid for the document and says on
 * stderr what was not checked.
 */
export async function validateCommand(file: string, io: Io, checkHosts: HostCheck, output: Output = EN): Promise<number> {
  const t = texts(output.lang);
  const text = readText(file, io, t);
  if (text === null) return 1;
  const parsed = parseStoreSettingsJson(text, output.lang);
  if (!parsed.ok) return invalid(file, parsed.issues, io, output);
  const hosts = await checkHosts(parsed.settings);
  if ('unchecked' in hosts) {
    io.err(t.notChecked(hosts.unchecked));
  } else if (hosts.issues.length > 0) {
    return invalid(file, hosts.issues, io, output);
  }
  for (const warning of legalNoticeWarnings(parsed.settings)) io.err(`warning: ${warning}`);
  const { storeId } = parsed.settings;
  if (output.json) printJson(io, { valid: true, file, storeId, checkedAgainstDatabase: !('unchecked' in hosts), issues: [] });
  else io.out(t.valid(storeId));
  return 0;
}

function invalid(file: string, issues: SettingsIssue[], io: Io, output: Output): number {
  if (output.json) {
    printJson(io, { valid: false, file, issues });
    return 1;
  }
  io.out(texts(output.lang).invalid(file));
  for (const line of issueLines(issues, output.lang)) io.out(line);
  return 1;
}

/**
 * The apply report. With --json: { result: created | updated | unchanged | refused, storeId,
 * revision, dryRun, hosts, changes [{ path, kind, before, after }], notes, issues }.
 */
export async function applyCommand(
  file: string,
  dryRun: boolean,
  io: Io,
  withAdmin: WithAdmin,
  output: Output = EN,
  meta?: RevisionMeta,
): Promise<number> {
  const t = texts(output.lang);
  const text = readText(file, io, t);
  if (text === null) return 1;
  const parsed = parseStoreSettingsJson(text, output.lang);
  if (!parsed.ok) return refuse(file, parsed.issues, io, output, dryRun);
  const result = await withAdmin((admin) => admin.apply(JSON.parse(text), dryRun, meta));
  return reportApply(file, result, dryRun, io, output);
}

/** The apply report of a result (apply, rollback); `source` names what was applied. */
export function reportApply(source: string, result: ApplyResult, dryRun: boolean, io: Io, output: Output): number {
  const t = texts(output.lang);
  if (!result.ok) return refuse(source, result.issues, io, output, dryRun);

  const { storeId } = result.settings;
  if (output.json) {
    const outcome = result.created ? 'created' : result.changes.length === 0 ? 'unchanged' : 'updated';
    printJson(io, {
      result: outcome,
      storeId,
      revision: result.revision,
      dryRun,
      hosts: result.settings.hosts,
      changes: result.changes,
      notes: result.notes,
      issues: [],
    });
    return 0;
  }
  const revision = result.revision === null ? '' : t.revision(result.revision);
  if (result.created) {
    io.out(t.created(storeId, revision, dryRun));
    io.out(t.hosts(result.settings.hosts.join(', ')));
  } else if (result.changes.length === 0) {
    io.out(t.noChanges(storeId, revision));
    return 0;
  } else {
    io.out(t.updated(storeId, revision, result.changes.length, dryRun));
    for (const line of changeLines(result.changes)) io.out(line);
  }
  for (const note of result.notes) io.out(`  ${inAdminLanguage(output.lang, note)}`);
  if (dryRun) io.out(t.nothingSaved);
  return 0;
}

function refuse(file: string, issues: SettingsIssue[], io: Io, output: Output, dryRun: boolean): number {
  if (output.json) {
    printJson(io, { result: 'refused', file, dryRun, changes: [], notes: [], issues });
    return 1;
  }
  io.out(texts(output.lang).refused(file));
  for (const line of issueLines(issues, output.lang)) io.out(line);
  return 1;
}

/**
 * Prints the stored document, or with -o writes it (and a final newline) to the file: only the
 * document, whatever npm prints around the command, so `apply` takes the file back.
 */
export async function exportCommand(
  storeId: string,
  toFile: string | null,
  io: Io,
  withAdmin: WithAdmin,
  output: Output = EN,
  revision: number | null = null,
): Promise<number> {
  const t = texts(output.lang);
  const settings = await withAdmin(async (admin) =>
    revision === null ? (await admin.get(storeId))?.settings : await admin.revision(storeId, revision),
  );
  if (!settings) {
    io.err(revision === null ? t.noStore(storeId) : t.noRevision(storeId, revision));
    return 1;
  }
  const document = exportDocument(settings);
  if (toFile === null) {
    io.out(document);
    return 0;
  }
  try {
    writeFileSync(resolve(toFile), `${document}\n`);
  } catch (e) {
    io.err(t.cannotWrite(toFile, (e as Error).message));
    return 1;
  }
  io.err(t.wrote(toFile));
  return 0;
}

/** With --json: [{ storeId, serviceName, hosts, revision, updatedAt }]. */
export async function listCommand(io: Io, withAdmin: WithAdmin, output: Output = EN): Promise<number> {
  const t = texts(output.lang);
  const rows = await withAdmin((admin) => admin.list());
  if (output.json) {
    printJson(
      io,
      rows.map((r) => ({
        storeId: r.storeId,
        serviceName: r.settings.serviceName,
        hosts: r.settings.hosts,
        revision: r.revision,
        updatedAt: new Date(r.updatedAt).toISOString(),
      })),
    );
    return 0;
  }
  if (rows.length === 0) {
    io.out(t.noStores);
    return 0;
  }
  const cells = rows.map((r) => [
    r.storeId,
    r.settings.serviceName,
    r.settings.hosts.join(', '),
    String(r.revision),
    formatTime(new Date(r.updatedAt)),
  ]);
  for (const line of table(t.listHeaders, cells)) io.out(line);
  return 0;
}
