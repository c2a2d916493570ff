import type { Context } from 'hono';
import { Hono } from 'hono';
import type { PublicStoreSettings } from '#config-schema/public-settings.ts';
import { AppError } from '#domain/errors.ts';
import { type PagePattern, screenDataSchemas } from '#domain/screen-data.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { matchRoute } from './match.ts';
import { rootData } from './root-data.ts';
import type { ScreenLoader, ScreenLoaders, ScreenResult } from './types.ts';

/** The header's account data (the mypage feature's service gives it; the platform names no feature). */
export type AccountHeaderSource = {
  header(
    member: { storeId: string; accountId: string } | null,
    settings: Pick<PublicStoreSettings, 'features'>,
  ): Promise<{ profileImageUrl: string | null }>;
};

export type ScreenRunner = (c: Context<AppEnv>, pathname: string, query: URLSearchParams) => Promise<ScreenResult>;

/**
 * Finds the loader of a page path and runs it; an unknown path is NOT_FOUND. The data is parsed
 * with the page's schema: a loader that drifts from the contract fails loudly.
 */
export function createScreenRunner(loaders: ScreenLoaders, now: () => Date = () => new Date()): ScreenRunner {
  const routes = (Object.entries(loaders) as [PagePattern, ScreenLoader<PagePattern>][]).map(([pattern, load]) => ({
    pattern,
    load,
    schema: screenDataSchemas[pattern],
  }));
  return async (c, pathname, query) => {
    const vars = c.var;
    for (const route of routes) {
      const params = matchRoute(route.pattern, pathname);
      if (params) {
        c.set('pagePattern', route.pattern);
        const result = await route.load({
          scope: vars.scope,
          store: vars.store,
          lang: vars.lang,
          authId: vars.authId,
          browserInfo: vars.browserInfo,
          params,
          query,
          now: now(),
          account: vars.account,
          c,
        });
        return 'data' in result ? { data: route.schema.parse(result.data) } : result;
      }
    }
    throw new AppError('NOT_FOUND');
  };
}

/** GET /zapi/internal/<route>/screen-data, plus the root and account-header data. */
export function screenDataRoutes(run: ScreenRunner, mypage: AccountHeaderSource) {
  const app = new Hono<AppEnv>();
  app.get('/root/screen-data', (c) => c.json(rootData(c.var)));
  app.get('/account-header/screen-data', async (c) => {
    const { account, store } = c.var;
    const member = account ? { storeId: store.storeId, accountId: account.accountId } : null;
    return c.json({ authId: c.var.authId, ...(await mypage.header(member, store.publicSettings)) });
  });
  app.get('/screen-data', async (c) => answer(c, await run(c, '/', new URL(c.req.url).searchParams)));
  app.get('/:route{.+}/screen-data', async (c) => {
    const url = new URL(c.req.url);
    const pathname = url.pathname.slice('/zapi/internal'.length, -'/screen-data'.length);
    return answer(c, await run(c, pathname, url.searchParams));
  });
  return app;
}

function answer(c: { json: (v: unknown) => Response }, result: ScreenResult): Response {
  return c.json('redirectTo' in result ? { redirectTo: result.redirectTo } : result.data);
}
