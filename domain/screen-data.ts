// The data of every page, by its route pattern: the contract between the page's loader on the
// server (checked against it there) and its React page (which gets its type from here, with no
// cast). A page that only redirects or shows an error page has no data.
import { z } from 'zod';
import {
  invoiceScreenSchema,
  myPlansScreenSchema,
  paymentHistoryPageSchema,
  subscriptionCancelCompleteScreenSchema,
  subscriptionCancelScreenSchema,
  subscriptionMethodScreenSchema,
  subscriptionScreenSchema,
} from './billing/subscription-screens.ts';
import { paymentMethodScreenSchema } from './commerce/payment-methods.ts';
import { purchaseCompleteScreenSchema, purchaseConfirmScreenSchema, purchaseFormScreenSchema } from './commerce/purchase-screens.ts';
import {
  loginCodeScreenSchema,
  loginScreenSchema,
  logoutScreenSchema,
  outboxScreenSchema,
  passwordForgotScreenSchema,
  passwordResetCompleteScreenSchema,
  passwordResetScreenSchema,
  signupEmailScreenSchema,
  signupFormScreenSchema,
  signupPinCodeScreenSchema,
  signupPlansScreenSchema,
  signupPolicyScreenSchema,
  signupStepScreenSchema,
} from './identity-screens.ts';
import { legalNoticeScreenSchema } from './legal-notice.ts';
import {
  emailEditCodeScreenSchema,
  emailEditCompleteScreenSchema,
  emailEditScreenSchema,
  emptyScreenSchema,
  enablePasswordScreenSchema,
  userIdEditScreenSchema,
} from './mypage/credential-screens.ts';
import { consentScreenSchema, memberPageSchema, withdrawPinCodeScreenSchema, withdrawScreenSchema } from './mypage/privacy-screens.ts';
import { accountEditCompleteScreenSchema, accountEditScreenSchema, profileImageScreenSchema } from './mypage/profile-screens.ts';
import { loginHistoryScreenSchema, mypageTopScreenSchema } from './mypage-screens.ts';
import { connectionScreenSchema, connectionsScreenSchema } from './oidc/connections.ts';
import { oidcConsentScreenSchema, oidcSelectAccountScreenSchema } from './oidc/consent.ts';
import {
  oidcLoginCodeScreenSchema,
  oidcLoginScreenSchema,
  oidcSignupAuthScreenSchema,
  oidcSignupScreenSchema,
} from './oidc/interaction-screens.ts';
import { policyPageSchema } from './policy-screens.ts';
import { homeScreenSchema, licensesScreenSchema, plansScreenSchema } from './screens.ts';
import { watchScreenSchema } from './watch/watch-list.ts';

const noData = z.never();

export const screenDataSchemas = {
  '/': homeScreenSchema,
  '/plans': plansScreenSchema,
  '/plans/@planId': purchaseFormScreenSchema,
  '/plans/@planId/confirm': purchaseConfirmScreenSchema,
  '/plans/@planId/complete': purchaseCompleteScreenSchema,
  '/app/licenses': licensesScreenSchema,
  '/terms': policyPageSchema,
  '/privacy': policyPageSchema,
  '/legal/tokushoho': legalNoticeScreenSchema,
  '/oidc/error': noData,
  '/oidc/consent': oidcConsentScreenSchema,
  '/oidc/select-account': oidcSelectAccountScreenSchema,
  '/oidc/login': oidcLoginScreenSchema,
  '/oidc/login/code': oidcLoginCodeScreenSchema,
  '/oidc/signup': oidcSignupScreenSchema,
  '/oidc/signup/auth': oidcSignupAuthScreenSchema,
  '/login': loginScreenSchema,
  '/login/code': loginCodeScreenSchema,
  '/logout': logoutScreenSchema,
  '/signup': signupPolicyScreenSchema,
  '/signup/auth': signupStepScreenSchema,
  '/signup/email': signupEmailScreenSchema,
  '/signup/pin-code': signupPinCodeScreenSchema,
  '/signup/policy': signupPolicyScreenSchema,
  '/signup/form': signupFormScreenSchema,
  '/signup/plans': signupPlansScreenSchema,
  '/signup/plans/@planId/confirm': purchaseConfirmScreenSchema,
  '/signup/plans/@planId/complete': purchaseCompleteScreenSchema,
  '/signup/complete': signupStepScreenSchema,
  '/password/forgot': passwordForgotScreenSchema,
  '/password/forgot/complete': passwordForgotScreenSchema,
  '/password/reset': passwordResetScreenSchema,
  '/password/reset/complete': passwordResetCompleteScreenSchema,
  '/forgetpassword': noData,
  '/newpassword': noData,
  '/dev/outbox': outboxScreenSchema,
  '/mypage/email/edit': emailEditScreenSchema,
  '/mypage/email/edit/pin-code': emailEditCodeScreenSchema,
  '/mypage/email/edit/complete': emailEditCompleteScreenSchema,
  '/mypage/enable-password': enablePasswordScreenSchema,
  '/mypage/enable-password/complete': emptyScreenSchema,
  '/mypage/password/edit': emptyScreenSchema,
  '/mypage/password/edit/complete': emptyScreenSchema,
  '/mypage/user-id/edit': userIdEditScreenSchema,
  '/mypage/user-id/edit/complete': userIdEditScreenSchema,
  '/mypage/edit': accountEditScreenSchema,
  '/mypage/edit/complete': accountEditCompleteScreenSchema,
  '/mypage/profile/edit': profileImageScreenSchema,
  '/mypage': mypageTopScreenSchema,
  '/mypage/login-history': loginHistoryScreenSchema,
  '/mypage/connections': connectionsScreenSchema,
  '/mypage/connections/client/@clientId': connectionScreenSchema,
  '/mypage/consent': consentScreenSchema,
  '/mypage/payment-method': paymentMethodScreenSchema,
  '/mypage/payment-method/complete': memberPageSchema,
  '/mypage/payment-method/delete/complete': memberPageSchema,
  '/mypage/pin-code': memberPageSchema,
  '/mypage/pin-code/complete': memberPageSchema,
  '/mypage/plans': myPlansScreenSchema,
  '/mypage/subscription/@subscriptionId': subscriptionScreenSchema,
  '/mypage/subscription/@subscriptionId/payment-method': subscriptionMethodScreenSchema,
  '/mypage/subscription/@subscriptionId/payment-method/complete': subscriptionScreenSchema,
  '/mypage/subscription/@subscriptionId/withdraw': subscriptionCancelScreenSchema,
  '/mypage/subscription/@subscriptionId/withdraw/complete': subscriptionCancelCompleteScreenSchema,
  '/mypage/payment-history': paymentHistoryPageSchema,
  '/mypage/invoice/@earningsId': invoiceScreenSchema,
  '/mypage/social/enable/complete': memberPageSchema,
  '/mypage/social/disable/complete': memberPageSchema,
  '/mypage/watch/@refId': watchScreenSchema,
  '/social/relate/error': z.object({ type: z.enum(['ACCOUNT_ALREADY_EXISTS', 'SYSTEM_ERROR']) }).strict(),
  '/withdraw': withdrawScreenSchema,
  '/withdraw/pin-code': withdrawPinCodeScreenSchema,
  '/withdraw/complete': memberPageSchema,
} as const;

export type PagePattern = keyof typeof screenDataSchemas;
/** The data a page's React component receives. */
export type ScreenData<P extends PagePattern> = z.output<(typeof screenDataSchemas)[P]>;
/** What a page's loader must give (before the schema's defaults and transforms). */
export type ScreenDataInput<P extends PagePattern> = z.input<(typeof screenDataSchemas)[P]>;
