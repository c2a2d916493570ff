import type { Context } from 'hono';
import { AppError } from '#domain/errors.ts';
import type { AppEnv } from '#server/env.ts';
import { sendStoreMail } from '#server/features/identity/mail.ts';
import type { IdentityServices } from '#server/features/identity/services.ts';

export const LOGIN_FLOW_COOKIE = 'lgf';

/**
 * Issues a login code for whatever the viewer typed, member or not, so the limits (30 s, 5 an
 * hour) and the answers are the same for both; only a member's code is mailed. A stranger's
 * code is bound to the typed name and can never sign anyone in.
 */
export async function issueLoginCode(c: Context<AppEnv>, ids: IdentityServices, identifier: string): Promise<{ email: string }> {
  const storeId = c.var.store.storeId;
  const account = await ids.accounts.findByLogin(storeId, identifier);
  const email = account?.email ?? identifier;
  const minutes = c.var.store.settings.authCode.validityMinutes;
  const { code } = await (await ids.codes()).issue({ storeId, email, purpose: 'login', validityMinutes: minutes });
  if (account) {
    await sendStoreMail(
      c,
      ids,
      'authCode',
      account.email,
      { code, purpose: 'login', validityMinutes: minutes },
      {
        lang: account.language === 'en' ? 'en' : c.var.lang,
        devLog: { code },
      },
    );
  }
  return { email };
}

/** Resends the code of the code-login flow in progress (its cookie names it). */
export async function resendLoginCode(c: Context<AppEnv>, ids: IdentityServices): Promise<{ ok: true }> {
  const flow = await ids.flows.find(c.var.store.storeId, 'login', c.var.cookies.get(LOGIN_FLOW_COOKIE), ids.clock());
  if (!flow?.identifier) throw new AppError('INVALID_SESSION_FLOW', { message: 'login.codeExpired' });
  await issueLoginCode(c, ids, flow.identifier);
  return { ok: true };
}
