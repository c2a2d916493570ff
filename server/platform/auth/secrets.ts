import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { appSecrets } from '#server/db/schema.ts';

export const SECRET_BYTES = 32;

/** Names of the server-wide secrets, so two features never share a key by accident. */
export const SECRET_NAMES = { authCodes: 'auth-code-hmac', oidcCookies: 'oidc-cookie-keys' } as const;

/**
 * The server-wide secret `name` (32 random bytes), created on first use. Every process runs the
 * same insert-if-missing and then reads the row, so concurrent first starts agree on one key.
 */
export async function loadSecret(db: Db, name: string): Promise<Buffer> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(SECRET_BYTES).toString('base64') })
    .onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`secret ${name} could not be created`);
  return Buffer.from(row.value, 'base64');
}
