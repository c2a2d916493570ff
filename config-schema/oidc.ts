import { z } from 'zod';
import { assetUrl, externalUrl, localizedText, slug } from './common.ts';

/** The member claims a scope may release (OpenID Connect Core 5.1); `sub` comes with openid. */
export const OIDC_CLAIMS = [
  'email',
  'email_verified',
  'name',
  'family_name',
  'given_name',
  'nickname',
  'birthdate',
  'picture',
  'locale',
] as const;

export const oidcScope = z
  .object({
    scopeKey: z
      .string()
      .regex(/^[a-z][a-z0-9_:.-]{0,63}$/)
      .describe('Scope name requested by clients, e.g. profile.'),
    scopeName: localizedText,
    scopeDescription: localizedText.optional(),
    required: z.boolean().default(false).describe('The viewer cannot refuse this scope on the consent screen.'),
    claims: z
      .array(z.enum(OIDC_CLAIMS))
      .max(OIDC_CLAIMS.length)
      .optional()
      .describe(
        'The member claims this scope releases: exactly what scopeName tells the viewer. Default: email gives email and email_verified, profile the standard profile claims, any other scope none. openid always gives sub only.',
      ),
  })
  .strict();

export const oidcClient = z
  .object({
    clientId: slug.describe('OAuth client_id.'),
    clientSecretEnv: z
      .string()
      .regex(/^[A-Z][A-Z0-9_]*$/)
      .optional()
      .describe('Name of the environment variable holding the client secret; secrets never live in this document.'),
    clientName: z.string().min(1).max(100).describe('Application name on the consent screen.'),
    clientNameJa: z.string().min(1).max(100).optional().describe('Japanese application name; clientName when missing.'),
    logoUri: assetUrl.optional(),
    description: localizedText.optional(),
    providerName: z.string().max(100).optional().describe('Company that provides the application.'),
    termsUrl: externalUrl.optional(),
    privacyUrl: externalUrl.optional(),
    redirectUris: z.array(externalUrl).min(1).describe('Allowed redirect_uri values.'),
    scopes: z.array(z.string()).default(['openid']).describe('Scopes this client may request.'),
    backchannelLogoutUri: externalUrl
      .optional()
      .describe(
        'Where the store posts a logout token (OpenID Connect Back-Channel Logout, with sid) when a member signs out at the store as provider.',
      ),
  })
  .strict();

export const oidcSettings = z
  .object({
    clients: z.array(oidcClient).default([]).describe('Applications that may sign viewers in with this store.'),
    scopes: z.array(oidcScope).default([]).describe('Scopes the store offers, with names shown on the consent screen.'),
    precautions: z.array(localizedText).default([]).describe('Notes shown on the consent screen.'),
  })
  .strict()
  .prefault({});
