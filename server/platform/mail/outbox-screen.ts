import { AppError } from '#domain/errors.ts';
import type { AppConfig } from '#server/base/config.ts';
import { isDirectLocalRequest } from '#server/platform/http/loopback.ts';
import type { ScreenLoaders } from '#server/platform/screens/types.ts';
import type { Mailer } from './mailer.ts';

/** The local outbox (/dev/outbox): the mail kept without SMTP, for whom OUTBOX_PAGE allows. */
export function outboxScreens(deps: {
  mailer: Mailer;
  config: Pick<AppConfig, 'outboxPage' | 'TRUST_PROXY'>;
}): ScreenLoaders<'/dev/outbox'> {
  return {
    async '/dev/outbox'(ctx) {
      // Codes and reset links: anyone else gets the 404 of a store without an outbox.
      const { outboxPage, TRUST_PROXY } = deps.config;
      const allowed = outboxPage === 'any' || (outboxPage === 'local' && isDirectLocalRequest(ctx.c, TRUST_PROXY));
      if (!allowed) throw new AppError('NOT_FOUND');
      const mails = await deps.mailer.listOutbox(ctx.store.storeId, { limit: 50 });
      return {
        data: {
          mails: mails.map((m) => ({
            id: m.id,
            to: m.to,
            from: m.from,
            subject: m.subject,
            text: m.text,
            kind: m.kind,
            createdAt: m.createdAt.toISOString(),
          })),
        },
      };
    },
  };
}
