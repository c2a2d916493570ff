import type { Context } from 'hono';
import type { BrowserInfo } from '#domain/browser-info.ts';
import type { Language } from '#domain/language.ts';
import type { PagePattern, ScreenDataInput } from '#domain/screen-data.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import type { SessionAccount } from '#server/platform/sessions/repo.ts';
import type { Scope } from '#server/platform/tenancy/scope.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';

export type ScreenContext = {
  /** The request's scope, what services take (decision 0040). */
  scope: Scope;
  store: StoreContext;
  lang: Language;
  authId: string;
  browserInfo: BrowserInfo;
  params: Record<string, string>;
  query: URLSearchParams;
  now: Date;
  /** The signed-in member, or null. */
  account: SessionAccount | null;
  /** The request, for the few loaders with effects (logout ends the session; flows read cookies). */
  c: Context<AppEnv>;
};

/** What a loader answers: screen data, or a redirect that both render paths obey. */
export type ScreenResult = { data: unknown } | { redirectTo: string };

/** A page's loader: its data is checked against the page's schema by the type checker, then at run time. */
export type ScreenLoader<P extends PagePattern> = (ctx: ScreenContext) => Promise<{ data: ScreenDataInput<P> } | { redirectTo: string }>;

/** The loaders of some pages, by pattern (each feature gives its own; screens/loaders.ts joins them). */
export type ScreenLoaders<P extends PagePattern = PagePattern> = { [K in P]: ScreenLoader<K> };
