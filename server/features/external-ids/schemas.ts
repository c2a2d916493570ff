import { z } from 'zod';

export const providerSchema = z.enum(['line', 'google', 'yahoojp', 'facebook']);

/** GET /auth/authorize (spec: userIdentifierType, socialActionType). */
export const authorizeQuerySchema = z.object({
  userIdentifierType: providerSchema,
  socialActionType: z.enum(['login', 'signup', 'enableExternalAuth']),
  redirectTo: z.string().max(2000).optional(),
});

/** POST /zapi/auth/social/disable. */
export const disableBodySchema = z.object({
  userIdentifierType: providerSchema,
  userIdentifierMethod: z.string().max(40).optional(),
});
export const disableAnswerSchema = z.object({ redirectTo: z.literal('/mypage/social/disable/complete') });

/** The callback parameters the relying party reads (query or form_post body). */
export const CALLBACK_PARAMS = ['code', 'state', 'iss', 'error', 'error_description'] as const;
