import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { accountConsents, consentChanges } from '#server/db/schema.ts';
import { scopedStoreId } from '#server/db/scope.ts';

export type ConsentChange = {
  accountId: string;
  consentOptionId: string;
  value: boolean;
  /** The store's privacy policy revision when the member chose (null: the store has none). */
  policyRevision: number | null;
  at: Date;
};

/** The member's consent choices (account_consents) and the history of every change (consent_changes), in the scope's store. */
export function createConsentRepo(db: Db) {
  return {
    /** What the member chose, by option id (options never chosen are absent). */
    async chosen(accountId: string): Promise<Record<string, boolean>> {
      const rows = await db
        .select({ id: accountConsents.consentOptionId, value: accountConsents.value })
        .from(accountConsents)
        .where(and(eq(accountConsents.storeId, scopedStoreId()), eq(accountConsents.accountId, accountId)));
      return Object.fromEntries(rows.map((r) => [r.id, r.value]));
    },
    /** Sets the member's value and records the change, in one transaction. */
    async record(change: ConsentChange): Promise<void> {
      const { accountId, consentOptionId, value, policyRevision, at } = change;
      const storeId = scopedStoreId();
      await db.transaction(async (tx) => {
        await tx
          .insert(accountConsents)
          .values({ storeId, accountId, consentOptionId, value, updatedAt: at })
          .onConflictDoUpdate({
            target: [accountConsents.storeId, accountConsents.accountId, accountConsents.consentOptionId],
            set: { value, updatedAt: at },
          });
        await tx.insert(consentChanges).values({ storeId, accountId, consentOptionId, value, policyRevision, changedAt: at });
      });
    },
  };
}
export type ConsentRepo = ReturnType<typeof createConsentRepo>;
