import type { ScreenContext } from '#server/platform/screens/types.ts';
import type { SessionAccount } from '#server/platform/sessions/repo.ts';

/**
 * The guard of every /mypage/* and /withdraw* page: a guest goes to the login page, which comes
 * back to the page asked for (path and query) after the login. Answers the member otherwise.
 */
export function memberOnly(ctx: ScreenContext): { redirectTo: string } | { account: SessionAccount } {
  if (ctx.account) return { account: ctx.account };
  const url = new URL(ctx.c.req.url);
  // The page's own path, not the screen-data call's (client navigation asks /zapi/internal/...).
  const search = ctx.query.toString();
  const back = `${pagePath(url.pathname)}${search ? `?${search}` : ''}`;
  return { redirectTo: `/login?redirectTo=${encodeURIComponent(back)}` };
}

function pagePath(pathname: string): string {
  const m = /^\/zapi\/internal(\/.*)?\/screen-data$/.exec(pathname);
  if (!m) return pathname;
  return m[1] ?? '/';
}
