// The screen data of the provider's own sign-in and sign-up pages (/oidc/login, /oidc/login/code,
// /oidc/signup, /oidc/signup/auth): the store's pages of the same step, plus the interaction they
// belong to and the app that asks.
import { z } from 'zod';
import { loginCodeScreenSchema, loginScreenSchema, signupPolicyScreenSchema, signupStepScreenSchema } from '#domain/identity-screens.ts';

/** The interaction a page serves and who asks: the app's name in the viewer's language (Japanese preferred in Japanese). */
export const oidcAppSchema = z
  .object({
    /** The interaction's id, sent back with each call of the page. */
    uid: z.string().min(1),
    clientName: z.string(),
    serviceName: z.string(),
  })
  .strict();
export type OidcApp = z.infer<typeof oidcAppSchema>;

const withApp = { app: oidcAppSchema };

/** The longest `login_hint` put in the login form (an e-mail address's limit). */
export const LOGIN_HINT_MAX = 254;

/**
 * The `login_hint` of an authorization request as the login form's first value: a trimmed text
 * of at most LOGIN_HINT_MAX characters without spaces or control characters (an e-mail address or
 * a user ID); anything else is ignored, and the viewer types as usual.
 */
export function loginHintOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const hint = value.trim();
  if (hint === '' || hint.length > LOGIN_HINT_MAX || /[\s\p{Cc}]/u.test(hint)) return undefined;
  return hint;
}

/** /oidc/login: the login page's mode; `returnTo` is the interaction's way back. */
export const oidcLoginScreenSchema = loginScreenSchema.extend({
  ...withApp,
  /** The app's `login_hint` (OpenID Connect Core 3.1.2.1), when it can be an address or a user ID: the form starts with it. */
  loginHint: z.string().max(LOGIN_HINT_MAX).optional(),
});
/** /oidc/login/code */
export const oidcLoginCodeScreenSchema = loginCodeScreenSchema.extend(withApp);
/** /oidc/signup (consent first) */
export const oidcSignupScreenSchema = signupPolicyScreenSchema.safeExtend(withApp);
/** /oidc/signup/auth */
export const oidcSignupAuthScreenSchema = signupStepScreenSchema.safeExtend(withApp);
