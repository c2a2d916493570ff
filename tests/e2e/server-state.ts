import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './server-process.ts';

/** What the global setup hands to the tests and to the teardown. */
export type ServerState = { pid: number; port: number; paymentPort: number; dataDir: string; logFile: string };

export const STATE_FILE = join(ROOT, 'tmp/e2e-server.json');

/** The server of this run: the workers inherit E2E_PORT, E2E_PID, E2E_DATA_DIR and E2E_PAYMENT_PORT; the file is the fallback. */
export function serverState(): Pick<ServerState, 'pid' | 'port' | 'paymentPort' | 'dataDir'> {
  const { E2E_PORT, E2E_PID, E2E_DATA_DIR, E2E_PAYMENT_PORT } = process.env;
  if (E2E_PORT && E2E_PID && E2E_DATA_DIR && E2E_PAYMENT_PORT) {
    return { port: Number(E2E_PORT), pid: Number(E2E_PID), dataDir: E2E_DATA_DIR, paymentPort: Number(E2E_PAYMENT_PORT) };
  }
  return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as ServerState;
}
