// Shared pieces of the credential tests of My Page: three stores (hikari with user IDs and strong
// passwords, midori without user IDs, sora without passwords) and members signed in straight in
// the database (a session row and its cookies), with or without a password.
import { eq } from 'drizzle-orm';
import { accounts } from '#server/db/schema.ts';
import { inStore } from '#server/db/scope.ts';
import { createSessionRepo, newToken } from '#server/platform/sessions/repo.ts';
import { tenantDoc } from '../../helpers/tenant-factory.ts';
import { createHarness } from '../app-harness.ts';
import { type Browser, browser, HIKARI, hikariDoc, MIDORI, midoriDoc, movableClock, seedMember, uniqueEmail } from '../identity/support.ts';

export const SORA = 'sora.test.localhost';
export const STRONG = 'Hikari#2026ok';

export async function credentialsHarness() {
  const clock = movableClock();
  const h = await createHarness({}, clock.now);
  await h.apply(hikariDoc());
  await h.apply(midoriDoc());
  await h.apply(tenantDoc('sora', { hosts: [SORA], features: { password: false } }));
  const sessions = createSessionRepo(h.database.db);
  const storeIds: Record<string, string> = { [HIKARI]: 'hikari', [MIDORI]: 'midori', [SORA]: 'sora' };

  /** A member of the store at `host`, signed in in a new browser (or in `into`, another device). */
  async function member(host: string, opts: { password?: string | null; userId?: string; email?: string } = {}) {
    const storeId = storeIds[host] as string;
    const email = opts.email ?? uniqueEmail('cred');
    const password = opts.password === undefined ? STRONG : opts.password;
    const account = await seedMember(h, storeId, { email, password: password ?? undefined, userId: opts.userId });
    const signIn = async (b: Browser = browser(h, host)) => {
      const sid = newToken();
      await inStore(storeId, () => sessions.insert(account.id, sid, new Date(clock.now().getTime() + 86_400_000)));
      b.jar.set('sid', sid);
      b.jar.set('auid', account.publicId);
      return b;
    };
    return { account, email, password, storeId, b: await signIn(), signIn };
  }

  /** The account row as it is now. */
  async function row(accountId: string) {
    const [r] = await h.database.admin.select().from(accounts).where(eq(accounts.id, accountId));
    if (!r) throw new Error('no account');
    return r;
  }

  return { h, clock, member, row };
}
