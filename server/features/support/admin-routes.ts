// The support command's requests asked of a running embedded server (decisions 0029, 0051): the
// command cannot open the data folder the server holds, so the server runs the desk itself, with
// its own services and mail worker. Served on the admin door, which has checked the caller.
import { Hono } from 'hono';
import { z } from 'zod';
import { perform, supportRequestSchema } from './requests.ts';
import type { SupportDesk } from './service.ts';

export const ADMIN_SUPPORT_PATH = '/_admin/support';

export function supportAdminRoutes(desk: SupportDesk) {
  const app = new Hono();
  app.post(ADMIN_SUPPORT_PATH, async (c) => {
    const parsed = supportRequestSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: z.prettifyError(parsed.error) }, 400);
    return c.json({ answer: await perform(desk, parsed.data) });
  });
  return app;
}
