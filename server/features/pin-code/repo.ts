import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { accounts } from '#server/db/schema.ts';
import { scopedStoreId } from '#server/db/scope.ts';

/** The member's profile PIN of the TV app (accounts.pin_code_hash), in the scope's store. */
export function createPinCodeRepo(db: Db) {
  return {
    /** Replaces the PIN's hash; false when no such account in this store. */
    async set(accountId: string, pinCodeHash: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(accounts)
        .set({ pinCodeHash, pinCodeUpdatedAt: at, updatedAt: at })
        .where(and(eq(accounts.storeId, scopedStoreId()), eq(accounts.id, accountId)))
        .returning({ id: accounts.id });
      return rows.length === 1;
    },
  };
}
export type PinCodeRepo = ReturnType<typeof createPinCodeRepo>;
