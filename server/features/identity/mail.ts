import type { Context } from 'hono';
import type { Language } from '#domain/language.ts';
import type { AppEnv } from '#server/env.ts';
import { senderFor } from '#server/features/mail/mailer.ts';
import { type MailKind, type MailVars, renderMail } from '#server/features/mail/templates.ts';
import { requestOrigin } from './http.ts';
import type { IdentityServices } from './services.ts';

/** Renders one of the store's mails in the member's language and sends it (or keeps it in the outbox). */
export async function sendStoreMail<K extends MailKind>(
  c: Context<AppEnv>,
  ids: IdentityServices,
  kind: K,
  to: string,
  vars: MailVars[K],
  opts: { lang?: Language; devLog?: Record<string, unknown> } = {},
) {
  const store = c.var.store.settings;
  const mail = renderMail(kind, { lang: opts.lang ?? c.var.lang, store, origin: requestOrigin(c), vars });
  const result = await ids.mailer.send({ storeId: store.storeId, to, from: senderFor(store), kind, ...mail, devLog: opts.devLog });
  if (result.status === 'failed') c.var.log.warn('mail not delivered', { kind, mailId: result.id });
  return result;
}
