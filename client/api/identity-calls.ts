// The identity calls of spec 7 (login, sign-up, codes, password reset), one line each over call().
import type { PolicyConsentInput } from '#domain/validation/policy-consent.ts';
import type { AuthCodePurpose } from '#domain/validation/send-pin-code.ts';
import { type CallBody, call } from './call.ts';

export type Redirect = { redirectTo: string };
type Bot = { botToken?: string };

/**
 * Whose login the calls are: the store's (POST /login, /login/code) or an app's sign-in through
 * the store (POST /oidc/login, /oidc/login/code with the interaction's uid, decision 0023).
 */
export type LoginVia = { uid?: string };

export const loginWithPassword = (body: { emailUserId: string; password: string; redirectTo?: string } & Bot, via: LoginVia = {}) =>
  via.uid ? call('POST /oidc/login', { body: { ...body, uid: via.uid } }) : call('POST /login', { body });

export const loginWithCode = (authCode: string, via: LoginVia = {}) => {
  const body = { authCode, userIdentifierMethod: 'AuthCode' as const };
  return via.uid ? call('POST /oidc/login', { body: { ...body, uid: via.uid } }) : call('POST /login', { body });
};

/** Mails a login code and starts the code-login flow (answered the same whether or not the address is a member). */
export const requestLoginCode = (body: { emailUserId: string; redirectTo?: string } & Bot, via: LoginVia = {}) =>
  via.uid ? call('POST /oidc/login/code', { body: { ...body, uid: via.uid } }) : call('POST /login/code', { body });

/** Resends the code of a flow in progress, for any purpose (POST /zapi/account/email/send-pin-code). */
export const resendCode = (type: AuthCodePurpose) => call('POST /zapi/account/email/send-pin-code', { body: { type } });

/** The policy step; `redirectTo`: the page the sign-up began from (kept in the flow). */
export const consentToPolicies = (policyConsentData: PolicyConsentInput[], redirectTo = '') =>
  call('POST /zapi/signup/policy', { body: { policyConsentData, ...(redirectTo ? { redirectTo } : {}) } });

/** The e-mail step; with an interaction's uid, the sign-up of an app's sign-in (it returns there when done). */
export const startSignupWithEmail = (body: { email: string; redirectTo?: string } & Bot, via: LoginVia = {}) =>
  via.uid
    ? call('POST /zapi/oidc/signup/email', { body: { type: 'signUp', ...body, uid: via.uid } })
    : call('POST /zapi/signup/email', { body: { type: 'signUp', ...body } });

export const confirmSignupCode = (pinCode: string) => call('POST /zapi/signup/pin-code', { body: { pinCode } });

export const submitSignup = (body: CallBody<'POST /zapi/signup'>) => call('POST /zapi/signup', { body });

export const verifyUserId = (userId: string) => call('POST /zapi/account/user-id/verify', { body: { userId } });

export const requestPasswordReset = (email: string) => call('POST /zapi/auth/password/forgot', { body: { email } });

export const resetPassword = (body: CallBody<'POST /zapi/auth/password/reset'>) => call('POST /zapi/auth/password/reset', { body });
