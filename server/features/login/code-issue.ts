import type { Context } from 'hono';
import { AppError } from '#domain/errors.ts';
import type { AppEnv } from '#server/env.ts';
import type { IdentityServices } from '#server/features/identity/services.ts';
import { clientIp } from '#server/http/input.ts';

export const LOGIN_FLOW_COOKIE = 'lgf';

/**
 * Asks for a login code for whatever name the viewer typed, member or not. The request does the
 * same work for both (the send limits of the client and store, one queued job): whether the name
 * belongs to a member is decided by the mail worker after the answer (decision 0009), so neither
 * the answer nor its timing tells. Throws 429 when the client or store is over its limits.
 */
export async function requestLoginCode(c: Context<AppEnv>, ids: IdentityServices, identifier: string): Promise<void> {
  const storeId = c.var.store.storeId;
  await ids.sendLimits.request({ storeId, clientIp: clientIp(c, ids.config.TRUST_PROXY), purpose: 'login', name: identifier });
  await ids.mailQueue.enqueue(storeId, 'loginCode', { identifier, lang: c.var.lang });
  ids.mailQueue.kick();
}

/** Resends the code of the code-login flow in progress (its cookie names it). */
export async function resendLoginCode(c: Context<AppEnv>, ids: IdentityServices): Promise<{ ok: true }> {
  const token = c.var.cookies.get(LOGIN_FLOW_COOKIE);
  const flow = await ids.flows.find(c.var.store.storeId, 'login', token, ids.clock());
  if (!flow?.identifier || !token) throw new AppError('INVALID_SESSION_FLOW', { message: 'login.codeExpired' });
  await requestLoginCode(c, ids, flow.identifier);
  // A new code gives the flow its 5 tries again (the client's own limit still holds).
  await ids.flows.update(c.var.store.storeId, 'login', token, { failedAttempts: 0 });
  return { ok: true };
}
