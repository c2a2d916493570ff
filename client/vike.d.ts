import type { ServerStyleCache } from '#client/emotion-cache.ts';
import type { ErrorObject } from '#domain/errors.ts';
import type { RootData } from '#domain/root-data.ts';

type ScreenResult = { data: unknown } | { redirectTo: string } | { error: ErrorObject };

declare global {
  namespace Vike {
    interface PageContext {
      rootData: RootData;
      /** Server only: builds the root data of this request (see +onCreatePageContext.shared.ts). */
      rootDataSource?: () => RootData;
      requestId?: string;
      cspNonce?: string;
      /** Server only: this render's Emotion cache (+onBeforeRenderHtml.ts, read by +headHtmlEnd.ts). */
      styleCache?: ServerStyleCache;
      /** Server only: runs the page's screen-data loader in process. */
      loadScreenData?: (pathname: string, search: string) => Promise<ScreenResult>;
      /** The error object behind an error page (render(status, reason)). */
      abortReason?: { status: number; code: string; message: string; requestId: string };
    }
  }
}
