import type { Context } from 'hono';
import type { AppEnv } from '#server/platform/http/env.ts';
import type { Scope } from '#server/platform/tenancy/scope.ts';

/** The request's scope, as tenancy built it (kept for the routes that still ask for it by this name; decision 0040). */
export function callerOf(c: Context<AppEnv>): Scope {
  return c.var.scope;
}
