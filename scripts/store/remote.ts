import type { StoreAdmin } from '#server/platform/stores/admin.ts';
import { ADMIN_STORES_PATH } from '#server/platform/stores/admin-routes.ts';
import type { RevisionRow, StoreRow } from '#server/platform/stores/repo.ts';

/** The running server on the data folder, as admin.json names it. */
export type RunningServer = { pid: number; port: number; token: string };

/**
 * The store operations asked of a running embedded server over its admin door (decision 0029):
 * loopback HTTP with the token of <DATA_DIR>/admin.json. The server does the work; nothing here
 * speaks SQL. A refusal or an unreachable server throws with what the server said.
 */
export function remoteStoreAdmin(server: RunningServer): StoreAdmin {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    let res: Response;
    try {
      res = await fetch(`http://127.0.0.1:${server.port}${ADMIN_STORES_PATH}${path}`, {
        method,
        headers: { authorization: `Bearer ${server.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      throw new Error(`the running server (pid ${server.pid}) did not answer on 127.0.0.1:${server.port}: ${(err as Error).message}`);
    }
    const answer = (await res.json().catch(() => null)) as (T & { error?: string }) | null;
    if (!res.ok || answer === null) {
      throw new Error(`the running server (pid ${server.pid}) answered ${res.status}: ${answer?.error ?? 'no JSON'}`);
    }
    return answer;
  };
  const row = (r: StoreRow): StoreRow => ({ ...r, updatedAt: new Date(r.updatedAt) });
  return {
    apply: async (document, dryRun, meta) =>
      (await call<{ result: Awaited<ReturnType<StoreAdmin['apply']>> }>('POST', '/apply', { document, dryRun, meta })).result,
    history: async (storeId) =>
      (await call<{ revisions: RevisionRow[] }>('GET', `/${encodeURIComponent(storeId)}/revisions`)).revisions.map((r) => ({
        ...r,
        createdAt: new Date(r.createdAt),
      })),
    revision: async (storeId, revision) =>
      (
        await call<{ document: Awaited<ReturnType<StoreAdmin['revision']>> }>(
          'GET',
          `/${encodeURIComponent(storeId)}/revisions/${revision}`,
        )
      ).document,
    get: async (storeId) => {
      const { store } = await call<{ store: StoreRow | null }>('GET', `/${encodeURIComponent(storeId)}`);
      return store ? row(store) : null;
    },
    list: async () => (await call<{ stores: StoreRow[] }>('GET', '')).stores.map(row),
    storedIssues: async (settings) =>
      (await call<{ issues: Awaited<ReturnType<StoreAdmin['storedIssues']>> }>('POST', '/stored-issues', settings)).issues,
    preview: async (document, request) => {
      const { result } = await call<{ result: Awaited<ReturnType<StoreAdmin['preview']>> }>('POST', '/preview', { document, ...request });
      return result.ok ? { ...result, expiresAt: new Date(result.expiresAt) } : result;
    },
    rotateSigningKey: async (storeId) => (await call<{ kid: string }>('POST', `/${encodeURIComponent(storeId)}/oidc-keys/rotate`)).kid,
  };
}
