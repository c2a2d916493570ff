import { randomBytes } from 'node:crypto';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors.ts';
import type { Language } from '#domain/language.ts';
import type { Db } from '#server/db/client.ts';
import { accounts, policyConsents } from '#server/db/schema.ts';
import { scopedStoreId } from '#server/db/scope.ts';
import { canonicalEmail } from './email.ts';

export type Account = typeof accounts.$inferSelect;

export type PolicyConsentInput = { policyId: string; revision: number };

/** A new account of the scope's store. */
export type NewAccount = {
  email: string;
  userId?: string | null;
  passwordHash?: string | null;
  profile?: Record<string, unknown>;
  language?: Language;
  consents?: readonly PolicyConsentInput[];
  at: Date;
};

/** 22 url-safe characters (128 random bits): the `auid` cookie and root data `authId`. */
export function newPublicId(): string {
  return randomBytes(16).toString('base64url');
}

/** The constraint named by a unique violation (PostgreSQL 23505) anywhere in the cause chain. */
function violatedConstraint(error: unknown): string | null {
  for (let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
  }
  return null;
}

/** The error a taken e-mail or user ID raises, or null for any other failure. */
function uniqueError(error: unknown): AppError | null {
  const constraint = violatedConstraint(error);
  if (constraint === 'accounts_store_email') return new AppError('ACCOUNT_ALREADY_EXISTS_EMAIL', { field: 'email', cause: error });
  if (constraint === 'accounts_store_user_id') return new AppError('ACCOUNT_ALREADY_EXISTS_USER_ID', { field: 'userId', cause: error });
  return null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createAccountRepo(db: Db) {
  // Every query is in the store of the database scope the edge entered (decision 0040).
  const one = async (where: SQL): Promise<Account | null> => {
    const [row] = await db
      .select()
      .from(accounts)
      .where(and(eq(accounts.storeId, scopedStoreId()), where));
    return row ?? null;
  };

  /** Updates one account; a unique violation becomes the matching ACCOUNT_ALREADY_EXISTS_* error. */
  const updateUnique = async (accountId: string, values: Partial<Account>): Promise<boolean> => {
    try {
      const rows = await db
        .update(accounts)
        .set(values)
        .where(and(eq(accounts.storeId, scopedStoreId()), eq(accounts.id, accountId)))
        .returning({ id: accounts.id });
      return rows.length === 1;
    } catch (error) {
      throw uniqueError(error) ?? error;
    }
  };

  const byEmail = (email: string) => one(eq(accounts.email, canonicalEmail(email)));
  const byUserId = (userId: string) => one(sql`lower(${accounts.userId}) = ${userId.trim().toLowerCase()}`);

  return {
    /**
     * Creates the account and its policy consents in one transaction. A taken e-mail or user ID
     * (case-insensitive) in the same store raises ACCOUNT_ALREADY_EXISTS_EMAIL / _USER_ID.
     */
    async create(input: NewAccount): Promise<Account> {
      try {
        const storeId = scopedStoreId();
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(accounts)
            .values({
              storeId,
              publicId: newPublicId(),
              email: canonicalEmail(input.email),
              userId: input.userId?.trim() || null,
              passwordHash: input.passwordHash ?? null,
              passwordUpdatedAt: input.passwordHash ? input.at : null,
              profile: input.profile ?? {},
              language: input.language ?? 'ja',
              createdAt: input.at,
              updatedAt: input.at,
            })
            .returning();
          if (!row) throw new Error('account insert returned no row');
          const consents = input.consents ?? [];
          if (consents.length > 0) {
            await tx
              .insert(policyConsents)
              .values(consents.map((c) => ({ storeId, accountId: row.id, ...c, consentedAt: input.at })))
              .onConflictDoNothing();
          }
          return row;
        });
      } catch (error) {
        throw uniqueError(error) ?? error;
      }
    },
    /** By the internal id; null (not a database error) for a string that is not a UUID. */
    async findById(accountId: string): Promise<Account | null> {
      return UUID.test(accountId) ? one(eq(accounts.id, accountId)) : null;
    },
    /**
     * What the account top shows (decision 0058): the identifiers and whether a password is set,
     * not the hashes and the profile, which PGlite would parse in JS for nothing.
     */
    async findTopById(
      accountId: string,
    ): Promise<{ email: string; userId: string | null; hasPassword: boolean; passwordUpdatedAt: Date | null } | null> {
      if (!UUID.test(accountId)) return null;
      const [row] = await db
        .select({
          email: accounts.email,
          userId: accounts.userId,
          hasPassword: sql<boolean>`${accounts.passwordHash} is not null`,
          passwordUpdatedAt: accounts.passwordUpdatedAt,
        })
        .from(accounts)
        .where(and(eq(accounts.storeId, scopedStoreId()), eq(accounts.id, accountId)));
      return row ?? null;
    },
    findByPublicId: (publicId: string) => one(eq(accounts.publicId, publicId)),
    findByEmail: byEmail,
    /** Case-insensitive, like the unique index. */
    findByUserId: byUserId,
    /** The login field takes an e-mail address or a user ID; only an address contains '@'. */
    findByLogin(emailOrUserId: string): Promise<Account | null> {
      return emailOrUserId.includes('@') ? byEmail(emailOrUserId) : byUserId(emailOrUserId);
    },
    async emailExists(email: string): Promise<boolean> {
      return (await byEmail(email)) !== null;
    },
    async userIdExists(userId: string): Promise<boolean> {
      return (await byUserId(userId)) !== null;
    },
    /** Replaces the password hash; false when no such account in this store. */
    async setPassword(accountId: string, passwordHash: string, at: Date): Promise<boolean> {
      const storeId = scopedStoreId();
      const rows = await db
        .update(accounts)
        .set({ passwordHash, passwordUpdatedAt: at, updatedAt: at })
        .where(and(eq(accounts.storeId, storeId), eq(accounts.id, accountId)))
        .returning({ id: accounts.id });
      return rows.length === 1;
    },
    /** Changes the address (stored canonical); a taken one raises ACCOUNT_ALREADY_EXISTS_EMAIL. False: no such account. */
    async setEmail(accountId: string, email: string, at: Date): Promise<boolean> {
      return updateUnique(accountId, { email: canonicalEmail(email), updatedAt: at });
    },
    /** Sets or changes the user ID; a taken one (case-insensitive) raises ACCOUNT_ALREADY_EXISTS_USER_ID. */
    async setUserId(accountId: string, userId: string, at: Date): Promise<boolean> {
      return updateUnique(accountId, { userId: userId.trim(), updatedAt: at });
    },
    /** The policy revisions the member consented to. */
    async listConsents(accountId: string): Promise<(PolicyConsentInput & { consentedAt: Date })[]> {
      const storeId = scopedStoreId();
      return db
        .select({ policyId: policyConsents.policyId, revision: policyConsents.revision, consentedAt: policyConsents.consentedAt })
        .from(policyConsents)
        .where(and(eq(policyConsents.storeId, storeId), eq(policyConsents.accountId, accountId)))
        .orderBy(policyConsents.policyId, policyConsents.revision);
    },
  };
}

export type AccountRepo = ReturnType<typeof createAccountRepo>;
