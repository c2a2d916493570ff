// The store tool's operations asked of a running embedded server (decision 0029): `npm run store`
// cannot open the data folder the server holds, so it asks the server, which does the work itself
// through its own handle (its own roles, its own short transactions). Served on the admin door
// (server/platform/http/admin-door.ts), which has checked the caller before these routes run.
import { Hono } from 'hono';
import { z } from 'zod';
import { parseStoreSettings } from '#config-schema/parse.ts';
import type { StoreAdmin } from './admin.ts';
import { MAX_PREVIEW_TTL_SECONDS } from './previews.ts';

export const ADMIN_STORES_PATH = '/_admin/stores';

const applyRequest = z
  .object({
    document: z.unknown(),
    dryRun: z.boolean(),
    meta: z
      .object({ author: z.string().min(1).max(200), message: z.string().max(2000).nullish() })
      .strict()
      .optional(),
  })
  .strict();
const previewRequest = z
  .object({ document: z.unknown(), ttlSeconds: z.number().int().min(1).max(MAX_PREVIEW_TTL_SECONDS), author: z.string().min(1).max(200) })
  .strict();
const STORE_ID = /^[a-z0-9][a-z0-9-]{0,62}$/;

export function storeAdminRoutes(admin: StoreAdmin) {
  const app = new Hono();
  const body = (c: { req: { json(): Promise<unknown> } }) => c.req.json().catch(() => null);
  app.get(ADMIN_STORES_PATH, async (c) => c.json({ stores: await admin.list() }));
  app.get(`${ADMIN_STORES_PATH}/:storeId`, async (c) => c.json({ store: await admin.get(c.req.param('storeId')) }));
  app.post(`${ADMIN_STORES_PATH}/apply`, async (c) => {
    const parsed = applyRequest.safeParse(await body(c));
    if (!parsed.success) return c.json({ error: z.prettifyError(parsed.error) }, 400);
    return c.json({ result: await admin.apply(parsed.data.document, parsed.data.dryRun, parsed.data.meta) });
  });
  app.post(`${ADMIN_STORES_PATH}/preview`, async (c) => {
    const parsed = previewRequest.safeParse(await body(c));
    if (!parsed.success) return c.json({ error: z.prettifyError(parsed.error) }, 400);
    const { document, ...request } = parsed.data;
    return c.json({ result: await admin.preview(document, request) });
  });
  app.get(`${ADMIN_STORES_PATH}/:storeId/revisions`, async (c) => c.json({ revisions: await admin.history(c.req.param('storeId')) }));
  app.get(`${ADMIN_STORES_PATH}/:storeId/revisions/:revision`, async (c) => {
    const revision = Number(c.req.param('revision'));
    if (!Number.isInteger(revision) || revision < 1) return c.json({ error: 'a revision is a positive whole number' }, 400);
    return c.json({ document: await admin.revision(c.req.param('storeId'), revision) });
  });
  app.post(`${ADMIN_STORES_PATH}/stored-issues`, async (c) => {
    const parsed = parseStoreSettings((await body(c)) as unknown);
    if (!parsed.ok) return c.json({ error: 'not a valid store document', issues: parsed.issues }, 400);
    return c.json({ issues: await admin.storedIssues(parsed.settings) });
  });
  app.post(`${ADMIN_STORES_PATH}/:storeId/oidc-keys/rotate`, async (c) => {
    const storeId = c.req.param('storeId');
    if (!STORE_ID.test(storeId)) return c.json({ error: `unknown store ${storeId}` }, 400);
    try {
      return c.json({ kid: await admin.rotateSigningKey(storeId) });
    } catch (err) {
      return c.json({ error: err instanceof Error ? err.message : String(err) }, 400);
    }
  });
  return app;
}
