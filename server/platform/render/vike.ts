import { renderPage } from 'vike/server';
import type { PageRenderer } from './pages.ts';

/** Adapts Vike's renderPage to the server's PageRenderer. */
export const vikeRenderer: PageRenderer = async (pageContextInit) => {
  const pageContext = await renderPage(pageContextInit as Parameters<typeof renderPage>[0]);
  const res = pageContext.httpResponse;
  if (!res) return null;
  // Vike aborts only with some statuses; the error object carries the real one (502, 504, 451).
  const reason = (pageContext as { abortReason?: unknown }).abortReason;
  const status =
    reason && typeof reason === 'object' && 'status' in reason && typeof reason.status === 'number' ? reason.status : res.statusCode;
  return { statusCode: res.statusCode >= 400 ? status : res.statusCode, headers: res.headers, body: res.body };
};
