import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError } from '#server/base/config.ts';

/** An error of a listener that could not take its port (directly, or as the cause of a sandbox's error). */
export function isPortInUse(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === 'EADDRINUSE') return true;
  }
  return false;
}

/**
 * A busy port as one line that names the setting (issue 21): a ConfigError, which the start prints
 * without a stack. Other errors are returned as they are.
 */
export function portError(err: unknown, port: number, host: string, variable: string): unknown {
  if (!isPortInUse(err)) return err;
  return new ConfigError(`Port ${port} on ${host} is in use (${variable}): stop the process that holds it, or choose another ${variable}`);
}

/** A listener's own error for a busy port (the sandboxes name their setting) as a ConfigError. */
export function portInUseAsConfigError(err: unknown): unknown {
  return isPortInUse(err) ? new ConfigError(err instanceof Error ? err.message : String(err)) : err;
}

/** Listens on port and host; answers the port (port 0: the one the kernel picked). */
export function listen(server: Server, port: number, host: string, variable: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(portError(err, port, host, variable));
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
