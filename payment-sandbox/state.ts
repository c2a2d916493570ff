// The sandbox's own storage: an append-only JSON-lines file (one `{c, id, v}` record per write;
// the last record of an id wins), read back at start, so saved cards survive a restart. Card
// numbers live here and nowhere else; `compact` rewrites the file with the current records only,
// so a number removed from a record is gone from the disk too (decision 0035).
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export type Collection =
  | 'tokens'
  | 'cards'
  | 'redirects'
  | 'agreements'
  | 'authorizations'
  | 'charges'
  | 'refunds'
  | 'idempotency'
  | 'results';

export type SandboxState = {
  get<T>(c: Collection, id: string): T | undefined;
  put<T>(c: Collection, id: string, value: T): void;
  values<T>(c: Collection): T[];
  delete(c: Collection, id: string): void;
  /** Rewrites the file with the current records only (older versions of each record, and deleted ones, go). */
  compact(): void;
};

export function openState(file: string | null): SandboxState {
  const maps = new Map<Collection, Map<string, unknown>>();
  const mapOf = (c: Collection) => {
    let m = maps.get(c);
    if (!m) {
      m = new Map();
      maps.set(c, m);
    }
    return m;
  };
  if (file) {
    mkdirSync(dirname(file), { recursive: true });
    if (existsSync(file)) {
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (!line.trim()) continue;
        try {
          const rec = JSON.parse(line) as { c: Collection; id: string; v: unknown };
          mapOf(rec.c).set(rec.id, rec.v);
        } catch {
          // A torn last line (a crash while writing): the write it held never answered.
        }
      }
    }
  }
  return {
    get: <T>(c: Collection, id: string) => mapOf(c).get(id) as T | undefined,
    put(c, id, value) {
      mapOf(c).set(id, value);
      if (file) appendFileSync(file, `${JSON.stringify({ c, id, v: value })}\n`, { mode: 0o600 });
    },
    values: <T>(c: Collection) => [...mapOf(c).values()] as T[],
    delete(c, id) {
      mapOf(c).delete(id);
    },
    compact() {
      if (!file) return;
      const lines: string[] = [];
      for (const [c, m] of maps) for (const [id, v] of m) lines.push(`${JSON.stringify({ c, id, v })}\n`);
      writeFileSync(`${file}.tmp`, lines.join(''), { mode: 0o600 });
      renameSync(`${file}.tmp`, file);
    },
  };
}
