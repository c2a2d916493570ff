// The embedded server's admin door (decision 0029): how `npm run store` and `npm run billing` reach a
// server that holds the PGlite folder. Not a database socket: the tools ask over HTTP and the server
// does the work itself, as its own roles, in its own short transactions, so no client ever holds a
// transaction of the one PGlite session or takes a role in it.
//
// Its own listener, on 127.0.0.1 and a port of its own (never the stores' port, where a proxy may
// relay the world): a request is answered only when it comes straight from this machine (loopback
// socket, no proxy's header) and shows the token the server wrote to <DATA_DIR>/admin.json (0600, in
// a 0700 folder). A request body is read whole before any work, within a size and a time limit.
import { timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { hasProxyHeader, isLoopbackAddress, socketAddress } from './loopback.ts';

/** The largest request the door reads (a store document is a few KiB). */
export const ADMIN_BODY_LIMIT_BYTES = 1024 * 1024;
/** A request (headers and body) must have arrived within this time, or its connection is closed. */
export const ADMIN_REQUEST_TIMEOUT_MS = 10_000;

const sameToken = (given: string, token: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The door's routes behind its checks: loopback, nothing relayed, the token; anything else 404. */
export function adminApp(token: string, routes: Hono[]): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    const given = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    const direct = isLoopbackAddress(socketAddress(c)) && !hasProxyHeader(c);
    if (!direct || !sameToken(given, token)) return c.json({ error: 'not allowed' }, 403);
    return next();
  });
  app.use('*', bodyLimit({ maxSize: ADMIN_BODY_LIMIT_BYTES, onError: (c) => c.json({ error: 'request too large' }, 413) }));
  for (const r of routes) app.route('/', r);
  app.all('*', (c) => c.json({ error: 'not found' }, 404));
  return app;
}

export type AdminDoor = {
  port: number;
  /** Stops listening; a request in flight may finish within timeoutMs, then its connection is closed. */
  close(timeoutMs: number): Promise<void>;
};

/** Serves the door's app on 127.0.0.1 (any free port), whatever HOST the stores are served on. */
export async function openAdminDoor(app: Hono): Promise<AdminDoor> {
  const listener = getRequestListener(app.fetch);
  const server = createServer((req, res) => listener(req, res));
  server.requestTimeout = ADMIN_REQUEST_TIMEOUT_MS;
  server.headersTimeout = ADMIN_REQUEST_TIMEOUT_MS;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: (timeoutMs) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
        timer.unref();
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
