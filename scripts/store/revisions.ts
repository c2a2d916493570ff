import { userInfo } from 'node:os';
import { diffJson } from '#server/platform/stores/diff.ts';
import type { RevisionMeta } from '#server/platform/stores/repo.ts';
import type { MetaArgs } from './args.ts';
import { type Io, type Output, reportApply, type WithAdmin } from './commands.ts';
import { changeLines, formatTime, table } from './format.ts';
import { texts } from './messages.ts';

/** Who acts at the command line: the name given (--author, --actor), else the OS user (else $USER, else "unknown"). */
export function operatorName(given: string | null | undefined, env: Record<string, string | undefined>): string {
  if (given) return given;
  try {
    return userInfo().username;
  } catch {
    return env.USER || env.USERNAME || 'unknown';
  }
}

/** Who applies: --author, else the OS user. */
export function revisionMeta(args: MetaArgs, env: Record<string, string | undefined>): RevisionMeta {
  return { author: operatorName(args.author, env), message: args.message };
}

const printJson = (io: Io, value: unknown) => io.out(JSON.stringify(value, null, 2));

/** `history <storeId>`: every kept revision, oldest first. */
export async function historyCommand(storeId: string, io: Io, withAdmin: WithAdmin, output: Output): Promise<number> {
  const t = texts(output.lang);
  const rows = await withAdmin(async (admin) => ((await admin.get(storeId)) ? admin.history(storeId) : null));
  if (rows === null) {
    io.err(t.noStore(storeId));
    return 1;
  }
  if (output.json) {
    printJson(
      io,
      rows.map((r) => ({ revision: r.revision, appliedAt: new Date(r.createdAt).toISOString(), author: r.author, message: r.message })),
    );
    return 0;
  }
  const cells = rows.map((r) => [String(r.revision), formatTime(new Date(r.createdAt)), r.author, r.message ?? '']);
  for (const line of table(t.historyHeaders, cells)) io.out(line);
  return 0;
}

/**
 * `diff <storeId> [revA] [revB]`: the keyed diff (decision 0038) from revA to revB; revB defaults
 * to the current revision, revA to the one before it.
 */
export async function diffCommand(
  storeId: string,
  from: number | null,
  to: number | null,
  io: Io,
  withAdmin: WithAdmin,
  output: Output,
): Promise<number> {
  const t = texts(output.lang);
  return withAdmin(async (admin) => {
    const current = await admin.get(storeId);
    if (!current) {
      io.err(t.noStore(storeId));
      return 1;
    }
    const b = to ?? current.revision;
    const a = from ?? b - 1;
    if (a < 1) {
      io.err(t.nothingToDiff(storeId));
      return 1;
    }
    const [before, after] = [await admin.revision(storeId, a), await admin.revision(storeId, b)];
    for (const [n, doc] of [
      [a, before],
      [b, after],
    ] as const) {
      if (!doc) {
        io.err(t.noRevision(storeId, n));
        return 1;
      }
    }
    const changes = diffJson(before ?? {}, after ?? {});
    if (output.json) {
      printJson(io, { storeId, from: a, to: b, changes });
      return 0;
    }
    io.out(changes.length === 0 ? t.noDifference(storeId, a, b) : t.difference(storeId, a, b, changes.length));
    for (const line of changeLines(changes)) io.out(line);
    return 0;
  });
}

/** `rollback <storeId> <revision>`: that revision's document applied again, a new revision under apply's checks. */
export async function rollbackCommand(
  storeId: string,
  revision: number,
  dryRun: boolean,
  meta: RevisionMeta,
  io: Io,
  withAdmin: WithAdmin,
  output: Output,
): Promise<number> {
  const t = texts(output.lang);
  const result = await withAdmin(async (admin) => {
    const document = await admin.revision(storeId, revision);
    if (!document) return null;
    return admin.apply(document, dryRun, { author: meta.author, message: meta.message ?? t.rollbackMessage(revision) });
  });
  if (result === null) {
    io.err(t.noRevision(storeId, revision));
    return 1;
  }
  return reportApply(`${storeId} revision ${revision}`, result, dryRun, io, output);
}
