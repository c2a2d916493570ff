import type { Context } from 'hono';
import type { StoreSettings } from '#config-schema/store-settings.ts';
import type { Language } from '#domain/language.ts';
import type { AppEnv } from '#server/env.ts';
import { senderFor } from '#server/features/mail/mailer.ts';
import { type MailKind, type MailVars, renderMail } from '#server/features/mail/templates.ts';
import { storePublicOrigin } from '#server/features/stores/public-origin.ts';
import type { IdentityServices } from './services.ts';

/** The origin of links in the store's mails: configured, never the request's (public-origin.ts). */
export const mailOrigin = (ids: Pick<IdentityServices, 'config'>, store: StoreSettings) => storePublicOrigin(store, ids.config.PORT);

/**
 * Renders one of the store's mails in the given language and sends it (or keeps it in the outbox).
 * Takes no request: the mail worker calls it as well as the routes.
 */
export async function sendMail<K extends MailKind>(
  ids: IdentityServices,
  store: StoreSettings,
  kind: K,
  to: string,
  vars: MailVars[K],
  opts: { lang: Language; devLog?: Record<string, unknown> },
) {
  const mail = renderMail(kind, { lang: opts.lang, store, origin: mailOrigin(ids, store), vars });
  const result = await ids.mailer.send({ storeId: store.storeId, to, from: senderFor(store), kind, ...mail, devLog: opts.devLog });
  if (result.status === 'failed') ids.log.warn('mail not delivered', { kind, mailId: result.id });
  return result;
}

/** sendMail for the request's store, in the viewer's language unless told otherwise. */
export function sendStoreMail<K extends MailKind>(
  c: Context<AppEnv>,
  ids: IdentityServices,
  kind: K,
  to: string,
  vars: MailVars[K],
  opts: { lang?: Language; devLog?: Record<string, unknown> } = {},
) {
  return sendMail(ids, c.var.store.settings, kind, to, vars, { lang: opts.lang ?? c.var.lang, devLog: opts.devLog });
}
