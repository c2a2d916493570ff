// node-oidc-provider's storage interface over the oidc_models table (decision 0021). Every call
// runs in the store's database scope, so one store's provider never reads another's rows.
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { type Adapter, type AdapterPayload, errors } from 'oidc-provider';
import type { Db } from '#server/db/client.ts';
import { oidcModels } from '#server/db/schema.ts';
import { acrossStores, inStore } from '#server/db/scope.ts';

/**
 * Whether an id from a request can name a row at all: PostgreSQL text holds no NUL character
 * (the query would fail with a 500), and no id the provider makes has one.
 */
const storable = (id: string) => !id.includes('\u0000');

/** The adapter class node-oidc-provider instantiates once per model name, bound to one store. */
export function oidcAdapterFor(db: Db, storeId: string, clock: () => Date) {
  const live = () => or(isNull(oidcModels.expiresAt), gt(oidcModels.expiresAt, clock()));
  const scoped = <T>(fn: () => Promise<T>) => inStore(storeId, fn);

  const readOne = async (model: string, key: string, where: ReturnType<typeof and>): Promise<AdapterPayload | undefined> => {
    if (!storable(key)) return undefined;
    const [row] = await scoped(() =>
      db
        .select({ payload: oidcModels.payload, consumedAt: oidcModels.consumedAt })
        .from(oidcModels)
        .where(and(eq(oidcModels.model, model), where, live()))
        .limit(1),
    );
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  };

  return class StoreOidcAdapter implements Adapter {
    readonly model: string;
    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      // A request parameter the provider keeps (a logout's state, say) with a NUL character:
      // jsonb cannot hold it, so the request is refused as the provider refuses a bad parameter.
      if (JSON.stringify(payload).includes('\\u0000')) throw new errors.InvalidRequest('a parameter contains a NUL character');
      const values = {
        payload,
        grantId: payload.grantId ?? null,
        uid: payload.uid ?? null,
        userCode: payload.userCode ?? null,
        expiresAt: expiresIn ? new Date(clock().getTime() + expiresIn * 1000) : null,
      };
      await scoped(() =>
        db
          .insert(oidcModels)
          .values({ storeId, model: this.model, id, ...values })
          .onConflictDoUpdate({ target: [oidcModels.storeId, oidcModels.model, oidcModels.id], set: values }),
      );
    }

    find(id: string) {
      return readOne(this.model, id, eq(oidcModels.id, id));
    }

    findByUid(uid: string) {
      return readOne(this.model, uid, eq(oidcModels.uid, uid));
    }

    findByUserCode(userCode: string) {
      return readOne(this.model, userCode, eq(oidcModels.userCode, userCode));
    }

    /**
     * Marks the code (or rotated refresh token) used, once: the UPDATE only matches while
     * consumed_at is null, so of parallel redemptions exactly one gets a row back. The others
     * fail as a replayed code and, as node-oidc-provider does for a replay it sees itself
     * (RFC 6749 section 4.1.2), revoke the grant: its codes and tokens are deleted, and a token
     * the winner stores after this is refused, because the grant it names is gone.
     */
    async consume(id: string): Promise<void> {
      const rows = await scoped(() =>
        db
          .update(oidcModels)
          .set({ consumedAt: clock() })
          .where(and(eq(oidcModels.model, this.model), eq(oidcModels.id, id), isNull(oidcModels.consumedAt)))
          .returning({ id: oidcModels.id }),
      );
      if (rows.length > 0) return;
      const [used] = await scoped(() =>
        db
          .select({ grantId: oidcModels.grantId })
          .from(oidcModels)
          .where(and(eq(oidcModels.model, this.model), eq(oidcModels.id, id))),
      );
      if (used?.grantId) await this.revokeByGrantId(used.grantId);
      throw new errors.InvalidGrant(`${this.model} already consumed`);
    }

    async destroy(id: string): Promise<void> {
      if (!storable(id)) return;
      await scoped(() => db.delete(oidcModels).where(and(eq(oidcModels.model, this.model), eq(oidcModels.id, id))));
    }

    /** Everything issued under the grant (codes, tokens) and the grant itself. */
    async revokeByGrantId(grantId: string): Promise<void> {
      await scoped(() =>
        db.delete(oidcModels).where(or(eq(oidcModels.grantId, grantId), and(eq(oidcModels.model, 'Grant'), eq(oidcModels.id, grantId)))),
      );
    }
  };
}

/** Drops expired provider state of every store (housekeeping, as store_worker). */
export async function deleteExpiredOidcState(db: Db, now: Date): Promise<number> {
  const rows = await acrossStores(() => db.delete(oidcModels).where(lt(oidcModels.expiresAt, now)).returning({ id: oidcModels.id }));
  return rows.length;
}
