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

/** /oidc/login: the login page's mode; `returnTo` is the interaction's way back. */
export const oidcLoginScreenSchema = loginScreenSchema.extend(withApp);
/** /oidc/login/code */
export const oidcLoginCodeScreenSchema = loginCodeScreenSchema.extend(withApp);
/** /oidc/signup (consent first) */
export const oidcSignupScreenSchema = signupPolicyScreenSchema.safeExtend(withApp);
/** /oidc/signup/auth */
export const oidcSignupAuthScreenSchema = signupStepScreenSchema.safeExtend(withApp);
