// Starts the sandbox provider on its own port: `npm start` runs it beside the store server (a
// second listener in the same process, decision 0015), the tests on port 0 with a temp folder.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { createSandboxApp, type SandboxApp } from './app.ts';

export type StartSandboxOptions = {
  port: number;
  host: string;
  /** The sandbox keeps its state in `<dataDir>/state.jsonl`. */
  dataDir: string;
  secret: string;
  /** The browser's origin for the sandbox; default http://127.0.0.1:<port> (another origin than any store host). */
  publicUrl?: string;
  assetsDir?: string;
  now?: () => Date;
  /** Tests: the listener does not keep the process alive. */
  unref?: boolean;
};

export type RunningSandbox = SandboxApp & {
  port: number;
  /** Where servers reach it. */
  url: string;
  /** Where browsers reach it. */
  publicUrl: string;
  close(): Promise<void>;
};

export async function startPaymentSandbox(opts: StartSandboxOptions): Promise<RunningSandbox> {
  // The public URL may depend on the port the kernel picks: the app is built once it is known.
  let handler: ((req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void) | null = null;
  const server = createServer((req, res) => handler?.(req, res));
  server.keepAliveTimeout = 5_000;
  // A test that forgets to close it does not keep its process alive.
  if (opts.unref) server.unref();
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(`payment sandbox: port ${opts.port} on ${opts.host} is in use (PAYMENT_SANDBOX_PORT)`, { cause: err })
          : err,
      ),
    );
    server.listen(opts.port, opts.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${opts.host.includes(':') ? `[${opts.host}]` : opts.host}:${port}`;
  const publicUrl = (opts.publicUrl ?? `http://127.0.0.1:${port}`).replace(/\/$/, '');
  const sandbox = createSandboxApp({
    secret: opts.secret,
    publicUrl,
    dataFile: join(opts.dataDir, 'state.jsonl'),
    assetsDir: opts.assetsDir,
    now: opts.now,
  });
  handler = getRequestListener(sandbox.app.fetch);
  // Retention (decision 0035): at start, then hourly.
  sandbox.purge();
  const purgeTimer = setInterval(() => sandbox.purge(), 3_600_000);
  purgeTimer.unref();
  return {
    ...sandbox,
    port,
    url,
    publicUrl,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(purgeTimer);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
