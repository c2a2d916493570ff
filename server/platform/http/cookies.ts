// The cookies a route writes for the services' answers: flow tokens and the session.
import type { Context } from 'hono';
import { FLOW_COOKIES, type FlowKind } from '#server/platform/flows/repo.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { AUID, clearCookie, isLocalHost, LATID, SID, serializeCookie } from '#server/platform/sessions/cookies.ts';

const DEVICE_COOKIE_SECONDS = 400 * 86_400;

/** Cookies are Secure except on localhost, where development runs over plain HTTP. */
const secureCookies = (c: Context<AppEnv>) => !isLocalHost(c.var.host);

function setCookie(c: Context<AppEnv>, value: string) {
  c.header('Set-Cookie', value, { append: true });
}

/** The token of the browser's flow of this kind (sign-up, code login), or undefined. */
export const flowToken = (c: Context<AppEnv>, kind: FlowKind) => c.var.cookies.get(FLOW_COOKIES[kind]);

/** A short-lived HttpOnly cookie for a flow token. */
export function setFlowCookie(c: Context<AppEnv>, kind: FlowKind, token: string, maxAgeSeconds: number) {
  setCookie(c, serializeCookie(FLOW_COOKIES[kind], token, { maxAgeSeconds, httpOnly: true, secure: secureCookies(c) }));
}

export function clearFlowCookie(c: Context<AppEnv>, kind: FlowKind) {
  setCookie(c, clearCookie(FLOW_COOKIES[kind], secureCookies(c)));
}

/** The session and device tokens the browser holds, for the session service's sign-in. */
export const browserTokens = (c: Context<AppEnv>) => ({ sid: c.var.cookies.get(SID), latid: c.var.cookies.get(LATID) });

/**
 * Writes a new session: sid (HttpOnly), auid (readable by the page for the cross-tab check) and
 * latid (known device), and marks the request signed in.
 */
export function setSessionCookies(c: Context<AppEnv>, publicId: string, started: { sid: string; latid: string; ttlSeconds: number }) {
  const secure = secureCookies(c);
  const ttl = started.ttlSeconds;
  setCookie(c, serializeCookie(SID, started.sid, { maxAgeSeconds: ttl, httpOnly: true, secure }));
  setCookie(c, serializeCookie(AUID, publicId, { maxAgeSeconds: ttl, httpOnly: false, secure }));
  setCookie(c, serializeCookie(LATID, started.latid, { maxAgeSeconds: DEVICE_COOKIE_SECONDS, httpOnly: true, secure }));
  c.set('authId', publicId);
}

/** Clears the sid and auid cookies (latid stays: the device stays known). */
export function clearSessionCookies(c: Context<AppEnv>) {
  const secure = secureCookies(c);
  setCookie(c, clearCookie(SID, secure));
  setCookie(c, clearCookie(AUID, secure, false));
}

/** Ends the browser's session on the server and clears sid and auid (latid stays). */
export async function endSession(c: Context<AppEnv>, sessions: { end(token: string): Promise<unknown> }) {
  const token = c.var.cookies.get(SID);
  if (token) await sessions.end(token);
  clearSessionCookies(c);
  c.set('authId', '');
  c.set('account', null);
}
