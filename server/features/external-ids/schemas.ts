import { z } from 'zod';

// The providers and the disable call's body and answer are the call table's (domain/calls.ts).
import { externalProvider } from '#domain/calls.ts';

export { disableAnswerSchema, disableBodySchema } from '#domain/calls.ts';
export const providerSchema = externalProvider;

/** GET /auth/authorize (spec: userIdentifierType, socialActionType). */
export const authorizeQuerySchema = z.object({
  userIdentifierType: providerSchema,
  socialActionType: z.enum(['login', 'signup', 'enableExternalAuth']),
  redirectTo: z.string().max(2000).optional(),
});

/** The callback parameters the relying party reads (query or form_post body). */
export const CALLBACK_PARAMS = ['code', 'state', 'iss', 'error', 'error_description'] as const;
