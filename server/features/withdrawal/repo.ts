import { and, eq } from 'drizzle-orm';
import type { SurveyAnswer } from '#domain/validation/survey-answers.ts';
import type { Db } from '#server/db/client.ts';
import { accounts, accountWithdrawals } from '#server/db/schema.ts';
import { scopedStoreId } from '#server/db/scope.ts';

/** Withdrawal (decision 0014): the account is erased, a row without the member keeps the time and the answers. */
export function createWithdrawalRepo(db: Db) {
  return {
    /**
     * Deletes the account (its sessions, devices, consents, consent history, login history and
     * reset links go with it: their foreign keys cascade) and records the withdrawal, in one
     * transaction. False when no such account in this store (nothing written).
     */
    async erase(accountId: string, answers: SurveyAnswer[], at: Date): Promise<boolean> {
      const storeId = scopedStoreId();
      return db.transaction(async (tx) => {
        const deleted = await tx
          .delete(accounts)
          .where(and(eq(accounts.storeId, storeId), eq(accounts.id, accountId)))
          .returning({ id: accounts.id });
        if (deleted.length !== 1) return false;
        await tx.insert(accountWithdrawals).values({ storeId, withdrawnAt: at, answers });
        return true;
      });
    },
  };
}
export type WithdrawalRepo = ReturnType<typeof createWithdrawalRepo>;
