// Sends mail over SMTP, or (the embedded default for development) keeps it in the outbox table.
// Either way every mail is recorded in mail_outbox with its outcome.
import { desc, eq } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type { StoreSettings } from '#config-schema/store-settings.ts';
import type { Logger } from '#server/base/logger.ts';
import type { Db } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema.ts';
import { inStore } from '#server/db/scope.ts';
import { singleLine } from './html.ts';

export type MailTransportConfig = { kind: 'smtp'; url: string } | { kind: 'outbox' };

export type MailAddress = { name: string; address: string };

export type OutgoingMail = {
  storeId: string;
  to: string;
  from: MailAddress;
  subject: string;
  text: string;
  html: string;
  /** What the mail is (authCode, passwordReset, ...), for logs and the outbox page. */
  kind: string;
};

export type SendResult = { id: string; status: 'sent' | 'stored' } | { id: string; status: 'failed'; error: string };

export type OutboxEntry = typeof mailOutbox.$inferSelect;

/** "<fromName or serviceName>" <no-reply@<smtpDomain>> */
export function senderFor(store: StoreSettings): MailAddress {
  return { name: singleLine(store.mail.fromName ?? store.serviceName), address: `no-reply@${store.mail.smtpDomain}` };
}

/** The address as a header-style string (display name quoted), as kept in the outbox. */
export function formatAddress(a: MailAddress): string {
  return `"${singleLine(a.name).replace(/["\\]/g, '\\$&')}" <${a.address}>`;
}

export const OUTBOX_MAX_LIMIT = 200;

/** One bare address: no list, display name or header syntax can slip into the recipients. */
const SINGLE_ADDRESS = /^[^\s@,;:<>()"\\[\]]+@[^\s@,;:<>()"\\[\]]+$/;

export function createMailer(deps: { db: Db; transport: MailTransportConfig; log: Logger; clock?: () => Date }) {
  const { db, log } = deps;
  const clock = deps.clock ?? (() => new Date());
  const smtp =
    deps.transport.kind === 'smtp'
      ? createTransport({ url: deps.transport.url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
      : null;

  return {
    async send(mail: OutgoingMail): Promise<SendResult> {
      if (!SINGLE_ADDRESS.test(mail.to)) throw new Error('mailer: `to` must be one bare e-mail address');
      const [row] = await inStore(mail.storeId, () =>
        db
          .insert(mailOutbox)
          .values({
            storeId: mail.storeId,
            to: mail.to,
            from: formatAddress(mail.from),
            subject: singleLine(mail.subject),
            // Mail sent by SMTP keeps no body: codes and reset links stay only in the member's
            // mailbox (decision 0035). The local outbox keeps it for the /dev/outbox page.
            text: smtp ? '' : mail.text,
            html: smtp ? '' : mail.html,
            kind: mail.kind,
            transport: smtp ? 'smtp' : 'outbox',
            createdAt: clock(),
          })
          .returning({ id: mailOutbox.id }),
      );
      if (!row) throw new Error('mail_outbox insert returned no row');
      // No address and no content: the outbox page (or the mail_outbox row) shows them (decision 0034).
      const fields = { kind: mail.kind, storeId: mail.storeId, mailId: row.id };
      if (!smtp) {
        log.info('mail kept in outbox', fields);
        return { id: row.id, status: 'stored' };
      }
      try {
        await smtp.sendMail({
          from: { name: mail.from.name, address: mail.from.address },
          to: mail.to,
          subject: singleLine(mail.subject),
          text: mail.text,
          html: mail.html,
        });
        await inStore(mail.storeId, () => db.update(mailOutbox).set({ sentAt: clock() }).where(eq(mailOutbox.id, row.id)));
        log.info('mail sent', fields);
        return { id: row.id, status: 'sent' };
      } catch (e) {
        const error = e instanceof Error ? e.message : String(e);
        await inStore(mail.storeId, () => db.update(mailOutbox).set({ error }).where(eq(mailOutbox.id, row.id)));
        log.error('mail sending failed', { ...fields, err: e });
        return { id: row.id, status: 'failed', error };
      }
    },

    /** The store's latest mails, newest first (the development outbox page). */
    listOutbox(storeId: string, opts: { limit: number }): Promise<OutboxEntry[]> {
      const limit = Math.min(OUTBOX_MAX_LIMIT, Math.max(1, Math.trunc(opts.limit)));
      return inStore(storeId, () =>
        db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.storeId, storeId))
          .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
          .limit(limit),
      );
    },

    close(): void {
      smtp?.close();
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
