// How long the server keeps what it no longer needs (docs/decisions/0035-data-retention.md): each
// period here is the one the decision record names. Housekeeping (service.ts) applies them.
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { mailOutbox, passwordResets, purchaseTokens } from '#server/db/schema.ts';
import { acrossStores } from '#server/db/scope.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const RETENTION = {
  /** One-time codes, after creation (the hourly send limit counts them for an hour). */
  codesMs: DAY_MS,
  /** Password-reset links, after they expire (used or not). */
  passwordResetsMs: DAY_MS,
  /** Purchase tokens, after they expire (an order keeps what it needs; decision 0017). */
  purchaseTokensMs: DAY_MS,
  /** Mail kept in the local outbox (no SMTP: development and tests), after it was written. */
  outboxMailMs: 7 * DAY_MS,
  /** The record of a mail sent by SMTP (no body: recipient, subject, kind, times, error), after it was written. */
  sentMailMs: 30 * DAY_MS,
  /** First housekeeping pass after the server starts, then every hour. */
  firstRunMs: 60_000,
  intervalMs: HOUR_MS,
} as const;

const before = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** The deletions of the retention schedule that no other repository owns; each answers how many rows went. */
export function createRetentionRepo(db: Db) {
  return {
    async deleteExpiredPasswordResets(now: Date): Promise<number> {
      const rows = await acrossStores(() =>
        db
          .delete(passwordResets)
          .where(lt(passwordResets.expiresAt, before(now, RETENTION.passwordResetsMs)))
          .returning({ t: passwordResets.tokenHash }),
      );
      return rows.length;
    },
    async deleteExpiredPurchaseTokens(now: Date): Promise<number> {
      const rows = await acrossStores(() =>
        db
          .delete(purchaseTokens)
          .where(lt(purchaseTokens.expiresAt, before(now, RETENTION.purchaseTokensMs)))
          .returning({ id: purchaseTokens.id }),
      );
      return rows.length;
    },
    async deleteOldMail(now: Date): Promise<number> {
      const rows = await acrossStores(async () => [
        ...(await db
          .delete(mailOutbox)
          .where(and(eq(mailOutbox.transport, 'outbox'), lt(mailOutbox.createdAt, before(now, RETENTION.outboxMailMs))))
          .returning({ id: mailOutbox.id })),
        ...(await db
          .delete(mailOutbox)
          .where(lt(mailOutbox.createdAt, before(now, RETENTION.sentMailMs)))
          .returning({ id: mailOutbox.id })),
      ]);
      return rows.length;
    },
  };
}
export type RetentionRepo = ReturnType<typeof createRetentionRepo>;
