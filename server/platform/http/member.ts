import type { Context } from 'hono';
import { AppError } from '#domain/errors.ts';
import { apiFeature, type FeatureFlag, isFeatureOn } from '#domain/mypage/feature-routes.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import type { SessionAccount } from '#server/platform/sessions/repo.ts';

/** The signed-in member a My Page call acts for; a guest gets 401 UNAUTHORIZED. */
export function memberOf(c: Context<AppEnv>): SessionAccount {
  const account = c.var.account;
  if (!account) throw new AppError('UNAUTHORIZED');
  return account;
}

/** A call behind a store flag answers 404 while the flag is off (issue 8), for guests and members alike. */
export function assertFeature(c: Context<AppEnv>, flag: FeatureFlag) {
  if (!c.var.store.settings.features[flag]) throw new AppError('NOT_FOUND');
}

/** The same for a call whose flag follows from its path (domain/mypage/feature-routes.ts). */
export function assertCallFeature(c: Context<AppEnv>) {
  if (!isFeatureOn(apiFeature(c.req.path), c.var.store.settings.features)) throw new AppError('NOT_FOUND');
}
