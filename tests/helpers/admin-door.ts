import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { adminFilePath } from '#server/db/admin-file.ts';
import type { Database } from '#server/db/client.ts';
import { type AdminDoor, adminApp, openAdminDoor } from '#server/platform/http/admin-door.ts';
import { storeAdminOver } from '#server/platform/stores/admin.ts';
import { storeAdminRoutes } from '#server/platform/stores/admin-routes.ts';

/**
 * A running embedded server as the store tool sees it, without the rest of the server: the store
 * routes of the admin door (decision 0029) over `database`, and <dataDir>/admin.json naming this
 * process, the door's port and its token, as boot writes them.
 */
export async function serveStoreDoor(database: Database, dataDir: string): Promise<AdminDoor & { token: string }> {
  const token = randomBytes(32).toString('base64url');
  const door = await openAdminDoor(adminApp(token, [storeAdminRoutes(storeAdminOver(database.db))]));
  writeFileSync(adminFilePath(dataDir), JSON.stringify({ pid: process.pid, http: { port: door.port, token } }), { mode: 0o600 });
  return { ...door, token };
}
