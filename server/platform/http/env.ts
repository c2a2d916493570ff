import type { BrowserInfo } from '#domain/browser-info.ts';
import type { Language } from '#domain/language.ts';
import type { Logger } from '#server/base/logger.ts';
import type { SessionAccount } from '#server/platform/sessions/repo.ts';
import type { Scope } from '#server/platform/tenancy/scope.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';

/** Request-scoped values on Hono's c.var. */
export type AppVariables = {
  requestId: string;
  nonce: string;
  log: Logger;
  store: StoreContext;
  /** The host name the viewer used (no port), as resolved by tenancy. */
  host: string;
  /** scheme://host[:port] the viewer used, for links in mails. */
  origin: string;
  lang: Language;
  /** The client address (the socket's, or X-Forwarded-For's first entry behind a trusted proxy). */
  clientIp: string;
  browserInfo: BrowserInfo;
  /** The store, origin, language and client as one value, built by tenancy: what services take (decision 0040). */
  scope: Scope;
  authId: string;
  /** The signed-in member, or null for a guest. */
  account: SessionAccount | null;
  cookies: Map<string, string>;
  /** Set when the request sees a draft's private preview instead of the live store (decision 0050). */
  preview?: { expiresAt: Date };
  /** The page pattern whose loader answered (/plans/@planId), set by the screen runner: the route of logs and metrics. */
  pagePattern: string | undefined;
};
export type AppEnv = { Variables: AppVariables };
