import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { accountProfileImages, accounts } from '#server/db/schema.ts';
import { scopedStoreId } from '#server/db/scope.ts';

export type StoredImage = { imageKey: string; contentType: string; data: string };

/** The member's registration details (accounts.profile) and profile image; every query in a store scope. */
export function createProfileRepo(db: Db) {
  return {
    /** Sets the given profile entries (others stay); false when no such account in this store. */
    async updateProfile(accountId: string, entries: Record<string, unknown>, at: Date): Promise<boolean> {
      const storeId = scopedStoreId();
      const rows = await db
        .update(accounts)
        .set({ profile: sql`${accounts.profile} || ${JSON.stringify(entries)}::jsonb`, updatedAt: at })
        .where(and(eq(accounts.storeId, storeId), eq(accounts.id, accountId)))
        .returning({ id: accounts.id });
      return rows.length === 1;
    },
    /** Puts the member's picture in place of the one before. */
    async putImage(accountId: string, image: StoredImage, at: Date): Promise<void> {
      const storeId = scopedStoreId();
      await db
        .insert(accountProfileImages)
        .values({ storeId, accountId, ...image, updatedAt: at })
        .onConflictDoUpdate({
          target: [accountProfileImages.storeId, accountProfileImages.accountId],
          set: { ...image, updatedAt: at },
        });
    },
    async deleteImage(accountId: string): Promise<void> {
      const storeId = scopedStoreId();
      await db
        .delete(accountProfileImages)
        .where(and(eq(accountProfileImages.storeId, storeId), eq(accountProfileImages.accountId, accountId)));
    },
    /** The key of the member's picture, or null. */
    async imageKeyOf(accountId: string): Promise<string | null> {
      const storeId = scopedStoreId();
      const [row] = await db
        .select({ imageKey: accountProfileImages.imageKey })
        .from(accountProfileImages)
        .where(and(eq(accountProfileImages.storeId, storeId), eq(accountProfileImages.accountId, accountId)));
      return row?.imageKey ?? null;
    },
    /** A picture by its key, in this store only. */
    async imageByKey(imageKey: string): Promise<StoredImage | null> {
      const storeId = scopedStoreId();
      const [row] = await db
        .select({
          imageKey: accountProfileImages.imageKey,
          contentType: accountProfileImages.contentType,
          data: accountProfileImages.data,
        })
        .from(accountProfileImages)
        .where(and(eq(accountProfileImages.storeId, storeId), eq(accountProfileImages.imageKey, imageKey)));
      return row ?? null;
    },
  };
}

export type ProfileRepo = ReturnType<typeof createProfileRepo>;
