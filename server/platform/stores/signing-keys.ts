// A store's ID token signing keys (decision 0021): private JWKs in oidc_signing_keys, made on
// first use, rotated with the store tool. The newest unretired key signs; retired keys stay in
// the JWKS so tokens signed before a rotation still verify.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { oidcSigningKeys, stores } from '#server/db/schema.ts';
import { inStore } from '#server/db/scope.ts';
import { STORE_CHANNEL } from '#server/platform/stores/repo.ts';

export type PrivateJwk = Record<string, string>;

/** The first key's id: every process that creates it concurrently writes the same row. */
const FIRST_KID = 'initial';

function newKey(kid: string): PrivateJwk {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...(privateKey.export({ format: 'jwk' }) as PrivateJwk), kid, alg: 'RS256', use: 'sig' };
}

async function listKeys(db: Db): Promise<PrivateJwk[]> {
  // Unretired first (the signing key), then retired keys newest first.
  const rows = await db
    .select({ jwk: oidcSigningKeys.privateJwk })
    .from(oidcSigningKeys)
    .orderBy(sql`${oidcSigningKeys.retiredAt} is not null`, desc(oidcSigningKeys.createdAt));
  return rows.map((r) => r.jwk as PrivateJwk);
}

/** The store's keys, the signing key first; the first key is made now when the store has none. */
export function loadSigningKeys(db: Db, storeId: string): Promise<PrivateJwk[]> {
  return inStore(storeId, async () => {
    const keys = await listKeys(db);
    if (keys.length > 0) return keys;
    await db
      .insert(oidcSigningKeys)
      .values({ storeId, kid: FIRST_KID, privateJwk: newKey(FIRST_KID) })
      .onConflictDoNothing();
    return listKeys(db);
  });
}

/**
 * Retires the signing key and makes a new one, and bumps the store's revision with a NOTIFY
 * (decision 0004), so every server builds the store's provider again with the new key.
 * `db` is a store_admin handle (the store tool). Returns the new key id.
 */
export async function rotateSigningKey(db: Db, storeId: string, now = new Date()): Promise<string> {
  const kid = `${now.toISOString().slice(0, 10)}-${randomBytes(6).toString('base64url')}`;
  await db.transaction(async (tx) => {
    const [store] = await tx.select({ storeId: stores.storeId }).from(stores).where(eq(stores.storeId, storeId));
    if (!store) throw new Error(`unknown store ${storeId}`);
    await tx
      .update(oidcSigningKeys)
      .set({ retiredAt: now })
      .where(and(eq(oidcSigningKeys.storeId, storeId), isNull(oidcSigningKeys.retiredAt)));
    await tx.insert(oidcSigningKeys).values({ storeId, kid, privateJwk: newKey(kid), createdAt: now });
    await tx
      .update(stores)
      .set({ revision: sql`${stores.revision} + 1` })
      .where(eq(stores.storeId, storeId));
    await tx.execute(sql`select pg_notify(${STORE_CHANNEL}, ${storeId})`);
  });
  return kid;
}
