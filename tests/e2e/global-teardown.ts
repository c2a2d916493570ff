import { existsSync, readFileSync, rmSync } from 'node:fs';
import { adminFilePath } from '#server/db/admin-file.ts';
import { openPglite } from '#server/db/client.ts';
import { scanStoreSide, writeCardScan } from '../helpers/card-scan.ts';
import { logTail, ROOT, stopProcess } from './server-process.ts';
import { type ServerState, STATE_FILE } from './server-state.ts';

/**
 * Stops the server with SIGTERM and checks that it shut down gracefully: it exits (code 0 when
 * the handle is ours) and removes DATA_DIR/admin.json, which only the shutdown path does. Then,
 * the server stopped, its database and log are searched for card numbers (tests/helpers/card-scan.ts).
 */
export default async function globalTeardown(): Promise<void> {
  if (!existsSync(STATE_FILE)) return;
  const state = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as ServerState;
  const handle = globalThis.e2eServer;
  let stopped = false;
  try {
    const code = await stopProcess(handle?.pid === state.pid ? handle.child : state.pid);
    stopped = true;
    if (code !== null && code !== 0) throw new Error(`the server exited with code ${code} after SIGTERM:\n${logTail(state.logFile)}`);
    if (existsSync(adminFilePath(state.dataDir))) {
      throw new Error(`the server exited without its graceful shutdown (admin.json left behind):\n${logTail(state.logFile)}`);
    }
    const errors = readFileSync(state.logFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes('"level":"error"'));
    if (errors.length > 0) console.warn(`The server logged ${errors.length} error(s) during the run:\n${errors.slice(0, 10).join('\n')}`);
  } finally {
    // Only a stopped server's files are read (one PGlite at a time); otherwise the missing scan fails `npm test`.
    if (stopped)
      await writeCardScan(ROOT, async () => {
        const database = await openPglite(state.dataDir);
        try {
          return await scanStoreSide(database, state.logFile);
        } finally {
          await database.close();
        }
      });
    rmSync(state.dataDir, { recursive: true, force: true });
    rmSync(STATE_FILE, { force: true });
  }
}
