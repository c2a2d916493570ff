/**
 * Puts the matrix stores on the run's server once, whichever worker asks first: `store apply`
 * asked of the running server over its admin door (as an admin would), then waits until every host
 * answers with its store. The other workers (the desktop and the mobile project each have their
 * own, and a worker restarts after a failed test) wait for the first one's result instead of
 * applying the same documents again. The claim and the result live in the run's DATA_DIR, which
 * the global teardown removes.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getAsHost, ROOT } from '../server-process.ts';
import type { MatrixStore } from './stores.ts';

type Server = { port: number; dataDir: string };

function storeCli(args: string[], dataDir: string): Promise<{ code: number; output: string }> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const env = { ...inherited, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  return new Promise((done) => {
    execFile(process.execPath, ['scripts/store.ts', ...args], { cwd: ROOT, env }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Until the host answers 200 with the store's name (the server notices an apply within a second or so). */
async function waitForStore(server: Server, store: MatrixStore, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const name = escapeHtml(store.settings.serviceName);
  let last = '';
  while (Date.now() < deadline) {
    const res = await getAsHost(server.port, store.host, '/');
    if (res.status === 200 && res.body.toString('utf8').includes(name)) return;
    last = `status ${res.status}`;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${store.host} did not answer with ${store.settings.serviceName} within ${timeoutMs / 1000} s (last: ${last})`);
}

async function applyAll(server: Server, stores: MatrixStore[], dir: string): Promise<void> {
  for (const store of stores) {
    const file = join(dir, `${store.storeId}.json`);
    writeFileSync(file, JSON.stringify(store.doc, null, 2));
    const applied = await storeCli(['apply', file], server.dataDir);
    if (applied.code !== 0) throw new Error(`store apply ${store.storeId} failed (exit ${applied.code}):\n${applied.output}`);
  }
  for (const store of stores) await waitForStore(server, store, 15_000);
}

/** Applies the stores to the server unless another worker of this run did or is doing it. */
export async function applyMatrixOnce(server: Server, stores: MatrixStore[], timeoutMs = 90_000): Promise<void> {
  const dir = join(server.dataDir, 'config-matrix');
  const done = join(dir, 'done');
  const failed = join(dir, 'failed');
  let mine = false;
  try {
    mkdirSync(dir); // atomic: exactly one worker creates it
    mine = true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  if (mine) {
    try {
      await applyAll(server, stores, dir);
      writeFileSync(done, stores.map((s) => s.storeId).join('\n'));
      return;
    } catch (err) {
      writeFileSync(failed, err instanceof Error ? err.message : String(err));
      throw err;
    }
  }
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(done)) return;
    if (existsSync(failed)) throw new Error(`another worker failed to apply the matrix stores:\n${readFileSync(failed, 'utf8')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`another worker did not finish applying the matrix stores within ${timeoutMs / 1000} s`);
}
