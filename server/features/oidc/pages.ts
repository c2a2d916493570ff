import type { PageLoaders } from '#server/screens/types.ts';
import type { OidcService } from './service.ts';

export function oidcPages(oidc: OidcService): PageLoaders<'/oidc/consent'> {
  return {
    async '/oidc/consent'(ctx) {
      const uid = ctx.query.get('uid') ?? '';
      return { data: await oidc.consentScreen({ store: ctx.store, origin: ctx.c.var.origin }, uid, ctx.lang) };
    },
  };
}
