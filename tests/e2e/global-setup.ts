import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, type RunningServer, startBuiltServer } from './server-process.ts';
import { type ServerState, STATE_FILE } from './server-state.ts';

declare global {
  /** The server's child process, for the teardown (same runner process). */
  var e2eServer: RunningServer | undefined;
}

/**
 * Starts the built server once for the whole run, on a free port with a fresh PGlite folder,
 * and shares its port and DATA_DIR with the workers (environment) and the teardown (file).
 */
export default async function globalSetup(): Promise<void> {
  mkdirSync(join(ROOT, 'tmp'), { recursive: true });
  const server = await startBuiltServer({ logFile: join(ROOT, 'tmp/e2e-server.log'), logLevel: 'warn' });
  globalThis.e2eServer = server;
  const state: ServerState = {
    pid: server.pid,
    port: server.port,
    paymentPort: server.paymentPort,
    dataDir: server.dataDir,
    logFile: server.logFile,
  };
  writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
  process.env.E2E_PORT = String(server.port);
  process.env.E2E_PID = String(server.pid);
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_PAYMENT_PORT = String(server.paymentPort);
}
