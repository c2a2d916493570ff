// The identity calls of spec 7 (login, sign-up, codes, password reset), one function each.
import type { PolicyConsentInput } from '#domain/validation/policy-consent.ts';
import type { AuthCodePurpose } from '#domain/validation/send-pin-code.ts';
import { type ApiResult, postJson } from './request.ts';

export type Redirect = { redirectTo: string };
type Bot = { botToken?: string };

/**
 * Whose login the calls are: the store's (POST /login, /login/code) or an app's sign-in through
 * the store (POST /oidc/login, /oidc/login/code with the interaction's uid, decision 0023).
 */
export type LoginVia = { uid?: string };
const loginPath = (via: LoginVia) => (via.uid ? '/oidc/login' : '/login');
const withUid = (via: LoginVia) => (via.uid ? { uid: via.uid } : {});

export const loginWithPassword = (body: { emailUserId: string; password: string; redirectTo?: string } & Bot, via: LoginVia = {}) =>
  postJson<Redirect>(loginPath(via), { ...body, ...withUid(via) });

export const loginWithCode = (authCode: string, via: LoginVia = {}) =>
  postJson<Redirect>(loginPath(via), { authCode, userIdentifierMethod: 'AuthCode', ...withUid(via) });

/** Mails a login code and starts the code-login flow (answered the same whether or not the address is a member). */
export const requestLoginCode = (body: { emailUserId: string; redirectTo?: string } & Bot, via: LoginVia = {}) =>
  postJson<Redirect>(`${loginPath(via)}/code`, { ...body, ...withUid(via) });

/** Sends the code of the current flow again. */
/** Resends the code of a flow in progress, for any purpose (POST /zapi/account/email/send-pin-code). */
export const resendCode = (type: AuthCodePurpose): Promise<ApiResult<{ ok: true }>> =>
  postJson('/zapi/account/email/send-pin-code', { type });

/** The policy step; `redirectTo`: the page the sign-up began from (kept in the flow). */
export const consentToPolicies = (policyConsentData: PolicyConsentInput[], redirectTo = '') =>
  postJson<Redirect>('/zapi/signup/policy', { policyConsentData, ...(redirectTo ? { redirectTo } : {}) });

/** The e-mail step; with an interaction's uid, the sign-up of an app's sign-in (it returns there when done). */
export const startSignupWithEmail = (body: { email: string; redirectTo?: string } & Bot, via: LoginVia = {}) =>
  postJson<Redirect>(via.uid ? '/zapi/oidc/signup/email' : '/zapi/signup/email', { type: 'signUp', ...body, ...withUid(via) });

export const confirmSignupCode = (pinCode: string) => postJson<Redirect>('/zapi/signup/pin-code', { pinCode });

export const submitSignup = (body: Record<string, unknown>) => postJson<Redirect>('/zapi/signup', body);

export const verifyUserId = (userId: string) => postJson<{ available: true }>('/zapi/account/user-id/verify', { userId });

export const requestPasswordReset = (email: string) => postJson<Redirect>('/zapi/auth/password/forgot', { email });

export const resetPassword = (body: { token: string; password: string; passwordConfirm: string }) =>
  postJson<Redirect>('/zapi/auth/password/reset', body);
