import { AppError } from '#domain/errors.ts';
import { memberOnly } from '#server/features/mypage/member-only.ts';
import type { PageLoaders, ScreenContext } from '#server/screens/types.ts';
import type { ConnectionsService } from './connections.ts';
import type { OidcService } from './service.ts';

/** Connected apps: the store's flag, not in the app (else 404), members only. */
function connectionsGuard(ctx: ScreenContext) {
  if (!ctx.store.settings.features.oidcConnections || ctx.browserInfo.isApp) throw new AppError('NOT_FOUND');
  return memberOnly(ctx);
}

export function oidcPages(
  oidc: OidcService,
  connections: ConnectionsService,
): PageLoaders<'/oidc/consent' | '/oidc/select-account' | '/mypage/connections' | '/mypage/connections/client/@clientId'> {
  return {
    async '/oidc/consent'(ctx) {
      const uid = ctx.query.get('uid') ?? '';
      return { data: await oidc.consentScreen({ store: ctx.store, origin: ctx.c.var.origin }, uid, ctx.lang) };
    },
    async '/oidc/select-account'(ctx) {
      const uid = ctx.query.get('uid') ?? '';
      return oidc.selectAccountScreen({ store: ctx.store, origin: ctx.c.var.origin }, uid, ctx.account, ctx.lang);
    },
    async '/mypage/connections'(ctx) {
      const guard = connectionsGuard(ctx);
      if ('redirectTo' in guard) return guard;
      return { data: await connections.list(ctx.store, guard.account.accountId, ctx.lang) };
    },
    async '/mypage/connections/client/@clientId'(ctx) {
      const guard = connectionsGuard(ctx);
      if ('redirectTo' in guard) return guard;
      const detail = await connections.detail(ctx.store, guard.account.accountId, ctx.params.clientId ?? '', ctx.lang);
      if (!detail) throw new AppError('NOT_FOUND');
      return { data: detail };
    },
  };
}
