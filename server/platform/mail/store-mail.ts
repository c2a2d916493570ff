import type { StoreSettings } from '#config-schema/store-settings.ts';
import type { Language } from '#domain/language.ts';
import type { Logger } from '#server/base/logger.ts';
import { storePublicOrigin } from '#server/platform/stores/public-origin.ts';
import { type Mailer, senderFor } from './mailer.ts';
import { type MailKind, type MailVars, renderMail } from './templates.ts';

/**
 * The store's mails: rendered in the given language with the store's brand, sent (or kept in the
 * outbox) from the store's sender. Takes no request: the routes' services and the mail worker
 * call it alike.
 */
export function createStoreMail(deps: { mailer: Mailer; serverPort: number; log: Logger }) {
  /** The origin of links in the store's mails: configured, never the request's (public-origin.ts). */
  const origin = (store: StoreSettings) => storePublicOrigin(store, deps.serverPort);
  return {
    origin,
    async send<K extends MailKind>(store: StoreSettings, kind: K, to: string, vars: MailVars[K], opts: { lang: Language }) {
      const mail = renderMail(kind, { lang: opts.lang, store, origin: origin(store), vars });
      const result = await deps.mailer.send({ storeId: store.storeId, to, from: senderFor(store), kind, ...mail });
      if (result.status === 'failed') deps.log.warn('mail not delivered', { kind, mailId: result.id });
      return result;
    },
  };
}
export type StoreMail = ReturnType<typeof createStoreMail>;

/** The member's own language, when it is one the mails have; else the viewer's. */
export const memberLanguage = (language: string, fallback: Language): Language =>
  language === 'en' ? 'en' : language === 'ja' ? 'ja' : fallback;
