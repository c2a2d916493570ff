import type { Context } from 'hono';
import type { AppEnv } from '#server/env.ts';
import { AUID, clearCookie, isLocalHost, LATID, SID, serializeCookie } from '#server/features/sessions/cookies.ts';
import type { IdentityServices } from './services.ts';

const DEVICE_COOKIE_SECONDS = 400 * 86_400;

/** Cookies are Secure except on localhost, where development runs over plain HTTP. */
export const secureCookies = (c: Context<AppEnv>) => !isLocalHost(c.var.host);

export function setCookie(c: Context<AppEnv>, value: string) {
  c.header('Set-Cookie', value, { append: true });
}

/** A short-lived HttpOnly cookie for a flow token (sign-up, code login). */
export function setFlowCookie(c: Context<AppEnv>, name: string, token: string, maxAgeSeconds: number) {
  setCookie(c, serializeCookie(name, token, { maxAgeSeconds, httpOnly: true, secure: secureCookies(c) }));
}

export function clearFlowCookie(c: Context<AppEnv>, name: string) {
  setCookie(c, clearCookie(name, secureCookies(c)));
}

/**
 * Signs the member in: ends the session the browser had (rotation), starts a new one and sets
 * sid (HttpOnly), auid (readable by the page for the cross-tab check) and latid (known device).
 * Returns whether this device was new to the account (the caller sends the login alert).
 */
export async function startSession(
  c: Context<AppEnv>,
  ids: IdentityServices,
  account: { id: string; publicId: string },
): Promise<{ newDevice: boolean }> {
  const storeId = c.var.store.storeId;
  const cookies = c.var.cookies;
  const previous = cookies.get(SID);
  if (previous) await ids.sessions.end(storeId, previous);
  const token = await ids.sessions.start(storeId, account.id);
  const known = await ids.sessions.isKnownDevice(storeId, account.id, cookies.get(LATID));
  const device = await ids.sessions.rememberDevice(storeId, account.id, cookies.get(LATID));
  const secure = secureCookies(c);
  const ttl = ids.sessions.ttlSeconds;
  setCookie(c, serializeCookie(SID, token, { maxAgeSeconds: ttl, httpOnly: true, secure }));
  setCookie(c, serializeCookie(AUID, account.publicId, { maxAgeSeconds: ttl, httpOnly: false, secure }));
  setCookie(c, serializeCookie(LATID, device, { maxAgeSeconds: DEVICE_COOKIE_SECONDS, httpOnly: true, secure }));
  c.set('authId', account.publicId);
  return { newDevice: !known };
}

/** Clears the sid and auid cookies (latid stays: the device stays known). */
export function clearSessionCookies(c: Context<AppEnv>) {
  const secure = secureCookies(c);
  setCookie(c, clearCookie(SID, secure));
  setCookie(c, clearCookie(AUID, secure, false));
}

/** Ends the session on the server and clears sid and auid (latid stays: the device stays known). */
export async function endSession(c: Context<AppEnv>, ids: IdentityServices) {
  const token = c.var.cookies.get(SID);
  if (token) await ids.sessions.end(c.var.store.storeId, token);
  clearSessionCookies(c);
  c.set('authId', '');
  c.set('account', null);
}
