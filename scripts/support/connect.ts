import { createSupportServices } from '#server/app/composition-support.ts';
import type { AppConfig } from '#server/base/config.ts';
import { createLogger } from '#server/base/logger.ts';
import { ADMIN_SUPPORT_PATH } from '#server/features/support/admin-routes.ts';
import { perform, type SupportRequest } from '#server/features/support/requests.ts';
import type { SupportAnswer } from '#server/features/support/service.ts';
import { findRunningServer, openHere } from '../store/connect.ts';

/** Where the desk runs (`via`, one line on stderr), how to ask it, and how to let go. */
export type SupportConnection = {
  ask(request: SupportRequest): Promise<SupportAnswer<unknown>>;
  via: string;
  close(): Promise<void>;
};

/**
 * The store tool's rules (decision 0029): PostgreSQL when DATABASE_URL is set; otherwise the
 * running server that holds the PGlite folder, asked over its admin door; otherwise the folder
 * itself. Here (the first and the last) the command builds the desk with the composition root's
 * support part, which queues mail for a server's worker to send.
 */
export async function connectSupport(config: AppConfig): Promise<SupportConnection> {
  let noServer = '';
  if (!config.DATABASE_URL) {
    const server = await findRunningServer(config.dataDir);
    if (server.running) {
      if (!server.http)
        throw new Error(`the server (pid ${server.pid}) holding ${config.dataDir} is still starting; try again in a moment`);
      return {
        ask: remoteAsk({ pid: server.pid, ...server.http }),
        via: `the running server's PGlite (pid ${server.pid}), asked over 127.0.0.1:${server.http.port}`,
        close: async () => {},
      };
    }
    noServer = server.reason;
  }
  const { database, via } = await openHere(config, noServer);
  const { support } = createSupportServices({ config, db: database.db, log: createLogger('silent') });
  return { ask: (request) => perform(support, request), via, close: () => database.close() };
}

function remoteAsk(server: { pid: number; port: number; token: string }) {
  return async (request: SupportRequest): Promise<SupportAnswer<unknown>> => {
    let res: Response;
    try {
      res = await fetch(`http://127.0.0.1:${server.port}${ADMIN_SUPPORT_PATH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(request),
      });
    } catch (err) {
      throw new Error(`the running server (pid ${server.pid}) did not answer on 127.0.0.1:${server.port}: ${(err as Error).message}`);
    }
    const body = (await res.json().catch(() => null)) as { answer?: SupportAnswer<unknown>; error?: string } | null;
    if (!res.ok || !body?.answer)
      throw new Error(`the running server (pid ${server.pid}) answered ${res.status}: ${body?.error ?? 'no JSON'}`);
    return body.answer;
  };
}
