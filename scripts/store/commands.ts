import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { legalNoticeWarnings } from '#config-schema/legal.ts';
import { parseStoreSettingsJson, type SettingsIssue } from '#config-schema/parse.ts';
import type { StoreSettings } from '#config-schema/store-settings.ts';
import type { StoreAdmin } from '#server/platform/stores/admin.ts';
import { changeLines, exportDocument, formatTime, issueLines, table } from './format.ts';

export type Io = { out(line: string): void; err(line: string): void };
/** Reaches the stores (the database, or the running server that holds it), runs fn, and lets go. */
export type WithAdmin = <T>(fn: (admin: StoreAdmin) => Promise<T>) => Promise<T>;

/** A file argument is relative to the working directory (the project root under `npm run`). */
function readText(file: string, io: Io): string | null {
  try {
    return readFileSync(resolve(file), 'utf8');
  } catch (e) {
    io.err(`error: cannot read ${file}: ${(e as Error).message}`);
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
export async function validateCommand(file: string, io: Io, checkHosts: HostCheck): Promise<number> {
  const text = readText(file, io);
  if (text === null) return 1;
  const parsed = parseStoreSettingsJson(text);
  if (!parsed.ok) return invalid(file, parsed.issues, io);
  const hosts = await checkHosts(parsed.settings);
  if ('unchecked' in hosts) {
    io.err(
      `hosts and plans: not checked against the database (other stores' hosts, live subscriptions of dropped plans): ${hosts.unchecked} (start the server or set DATABASE_URL; apply checks them)`,
    );
  } else if (hosts.issues.length > 0) {
    return invalid(file, hosts.issues, io);
  }
  for (const warning of legalNoticeWarnings(parsed.settings)) io.err(`warning: ${warning}`);
  io.out(`valid: ${parsed.settings.storeId}`);
  return 0;
}

function invalid(file: string, issues: SettingsIssue[], io: Io): number {
  io.out(`invalid: ${file}`);
  for (const line of issueLines(issues)) io.out(line);
  return 1;
}

export async function applyCommand(file: string, dryRun: boolean, io: Io, withAdmin: WithAdmin): Promise<number> {
  const text = readText(file, io);
  if (text === null) return 1;
  const parsed = parseStoreSettingsJson(text);
  if (!parsed.ok) return refuse(file, issueLines(parsed.issues), io);
  const result = await withAdmin((admin) => admin.apply(JSON.parse(text), dryRun));
  if (!result.ok) return refuse(file, issueLines(result.issues), io);

  const { storeId } = result.settings;
  const prefix = dryRun ? 'dry run: would ' : '';
  if (result.created) {
    io.out(`${prefix}${dryRun ? 'create' : 'created'} store ${storeId}${revisionNote(result.revision)}`);
    io.out(`  hosts: ${result.settings.hosts.join(', ')}`);
  } else if (result.changes.length === 0) {
    io.out(`no changes: store ${storeId}${revisionNote(result.revision)}`);
    return 0;
  } else {
    const count = `${result.changes.length} change${result.changes.length === 1 ? '' : 's'}`;
    io.out(`${prefix}${dryRun ? 'update' : 'updated'} store ${storeId}${revisionNote(result.revision)}: ${count}`);
    for (const line of changeLines(result.changes)) io.out(line);
  }
  for (const note of result.notes) io.out(`  ${note}`);
  if (dryRun) io.out('nothing saved (--dry-run)');
  return 0;
}

const revisionNote = (revision: number | null) => (revision === null ? '' : ` (revision ${revision})`);

function refuse(file: string, lines: string[], io: Io): number {
  io.out(`refused: ${file}; nothing changed`);
  for (const line of lines) io.out(line);
  return 1;
}

export async function exportCommand(storeId: string, io: Io, withAdmin: WithAdmin): Promise<number> {
  const row = await withAdmin((admin) => admin.get(storeId));
  if (!row) {
    io.err(`error: no store with id "${storeId}" (npm run store -- list shows them)`);
    return 1;
  }
  io.out(exportDocument(row.settings));
  return 0;
}

export async function listCommand(io: Io, withAdmin: WithAdmin): Promise<number> {
  const rows = await withAdmin((admin) => admin.list());
  if (rows.length === 0) {
    io.out('no stores yet (npm run store -- apply tenants/<file>.json adds one)');
    return 0;
  }
  const cells = rows.map((r) => [
    r.storeId,
    r.settings.serviceName,
    r.settings.hosts.join(', '),
    String(r.revision),
    formatTime(new Date(r.updatedAt)),
  ]);
  for (const line of table(['STORE ID', 'SERVICE NAME', 'HOSTS', 'REVISION', 'UPDATED AT'], cells)) io.out(line);
  return 0;
}
