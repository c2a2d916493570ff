// Starts the four local identity providers: one listener each, so each has its own origin
// (`npm start`: ID_SANDBOX_PORT and the three ports after it; tests: port 0 for each).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createIdSandboxApp, type IdSandboxApp } from './app.ts';
import { PROVIDER_IDS, type ProviderId } from './users.ts';

export type StartIdSandboxOptions = {
  /** LINE listens on `port`, Google on port+1, Yahoo! JAPAN on port+2, Facebook on port+3; 0: any free ports. */
  port: number;
  host: string;
  secret: string;
  now?: () => Date;
  /** Tests: the listeners do not keep the process alive. */
  unref?: boolean;
};

export type RunningIdSandbox = IdSandboxApp & {
  ports: Record<ProviderId, number>;
  close(): Promise<void>;
};

export async function startIdSandbox(opts: StartIdSandboxOptions): Promise<RunningIdSandbox> {
  const servers: Server[] = [];
  const ports = {} as Record<ProviderId, number>;
  let sandbox: IdSandboxApp | null = null;
  for (const [i, provider] of PROVIDER_IDS.entries()) {
    const listen = getRequestListener((req, env) => (sandbox as IdSandboxApp).app.fetch(req, { ...env, provider }));
    const server = createServer((req, res) => listen(req, res));
    server.keepAliveTimeout = 5_000;
    if (opts.unref) server.unref();
    const port = opts.port === 0 ? 0 : opts.port + i;
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', (err: NodeJS.ErrnoException) =>
          reject(
            err.code === 'EADDRINUSE'
              ? new Error(`id sandbox: port ${port} on ${opts.host} is in use (ID_SANDBOX_PORT)`, { cause: err })
              : err,
          ),
        );
        server.listen(port, opts.host, () => resolve());
      });
    } catch (err) {
      // The providers already listening close again: a failed start leaves no port taken.
      for (const s of servers) s.close();
      throw err;
    }
    servers.push(server);
    ports[provider] = (server.address() as AddressInfo).port;
  }
  const origins = Object.fromEntries(PROVIDER_IDS.map((p) => [p, `http://127.0.0.1:${ports[p]}`])) as Record<ProviderId, string>;
  sandbox = createIdSandboxApp({ origins, secret: opts.secret, now: opts.now });
  return {
    ...sandbox,
    ports,
    close: () =>
      Promise.all(
        servers.map(
          (s) =>
            new Promise<void>((resolve) => {
              s.close(() => resolve());
              s.closeAllConnections();
            }),
        ),
      ).then(() => undefined),
  };
}
