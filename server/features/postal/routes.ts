import { Hono } from 'hono';
import { AppError } from '#domain/errors.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { lookupPostalCode } from './service.ts';

/** GET /zapi/postal-code/{postalCode}: 7 digits (a hyphen is tolerated) -> { results }. */
export function postalRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/:code', (c) => {
    const code = c.req
      .param('code')
      .replace(/[-‐－ー]/g, '')
      .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
    if (!/^\d{7}$/.test(code))
      throw new AppError('VALIDATION_FAILED', { field: 'postalCode', fields: { postalCode: 'postalCode.invalid' } });
    const results = lookupPostalCode(code);
    if (results.length === 0) throw new AppError('NOT_FOUND', { field: 'postalCode', fields: { postalCode: 'postalCode.notFound' } });
    c.header('Cache-Control', 'public, max-age=86400');
    return c.json({ results });
  });
  return app;
}
