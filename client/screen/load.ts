import { redirect, render } from 'vike/abort';
import type { PageContext } from 'vike/types';
import type { ErrorObject } from '#domain/errors.ts';
import { safeRedirect } from '#domain/safe-redirect.ts';

type ScreenAnswer = { data: unknown } | { redirectTo: string } | { error: ErrorObject };

const ABORTABLE = new Set([401, 403, 404, 410, 429, 500, 503]);

/** Raises the error page for an error object; statuses Vike cannot abort with travel in the reason. */
export function abortWith(error: ErrorObject): Error {
  const status = ABORTABLE.has(error.status) ? error.status : error.status === 451 ? 403 : 500;
  const { status: original, code, message, requestId } = error;
  return render(status as 500, { status: original, code, message, requestId });
}

/** The screen-data URL of a page path: /plans -> /zapi/internal/plans/screen-data */
export function screenDataUrl(pathname: string, search: string): string {
  const path = pathname === '/' ? '' : pathname.replace(/\/$/, '');
  return `/zapi/internal${path}/screen-data${search}`;
}

async function fetchScreen(pathname: string, search: string): Promise<ScreenAnswer> {
  const res = await fetch(screenDataUrl(pathname, search), { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok) {
    const error =
      body && typeof body.code === 'string'
        ? (body as ErrorObject)
        : { status: res.status, code: 'UNKNOWN', message: 'Failed to load data', requestId: '' };
    return { error };
  }
  if (body && typeof body.redirectTo === 'string') return { redirectTo: body.redirectTo };
  return { data: body };
}

/**
 * The data hook of every page (`client/pages/+data.shared.ts`, inherited by all of them): in process
 * on the server, over HTTP on client navigation. `{ redirectTo }` redirects on both paths, to a path
 * on this site only; an error object shows the error page.
 * The error page inherits the hook too, and Vike runs it: it has no screen data of its own, and must
 * not load the failed page's once more (Vike names error pages by `/_error` in their id).
 */
export async function loadScreen(pageContext: PageContext): Promise<unknown> {
  if (pageContext.pageId?.includes('/_error')) return undefined;
  const { pathname, searchOriginal } = pageContext.urlParsed;
  const search = searchOriginal ?? '';
  const answer = pageContext.loadScreenData ? await pageContext.loadScreenData(pathname, search) : await fetchScreen(pathname, search);
  if ('error' in answer) throw abortWith(answer.error);
  if ('redirectTo' in answer) throw redirect(safeRedirect(answer.redirectTo) as `/${string}`);
  return answer.data;
}
