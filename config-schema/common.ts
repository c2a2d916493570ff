import { z } from 'zod';

/** A text a viewer reads, in Japanese and optionally English (Japanese is shown when English is missing). */
export const localizedText = z
  .object({
    ja: z.string().min(1).describe('Japanese text (required; the source language).'),
    en: z.string().min(1).optional().describe('English text; the Japanese text is shown when it is missing.'),
  })
  .strict()
  .describe('A viewer-facing text in Japanese and English.');
export type LocalizedText = z.infer<typeof localizedText>;

export const hexColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1a2b3c')
  .describe('A colour as #rrggbb.');

/** An absolute https URL, a root-relative path served by this deployment, or a data: image. */
export const assetUrl = z
  .string()
  .max(200_000)
  .regex(
    /^(https:\/\/[^\s]+|\/[^\s]*|data:image\/(png|jpeg|gif|svg\+xml|x-icon|vnd\.microsoft\.icon);base64,[A-Za-z0-9+/=]+)$/,
    'must be an https URL, a path starting with /, or a data:image URL',
  )
  .describe('An image: an https URL, a path on this deployment (starting with /), or a base64 data:image URL.');

export const externalUrl = z
  .string()
  .url()
  .regex(/^https?:\/\//, 'must start with http:// or https://')
  .describe('An absolute http(s) URL.');

/** ISO 8601 date-time with an offset, e.g. 2026-04-01T00:00:00+09:00. */
export const isoDateTime = z.iso.datetime({ offset: true }).describe('An ISO 8601 date-time with offset, e.g. 2026-04-01T00:00:00+09:00.');

export const languageSchema = z.enum(['ja', 'en']).describe('A language the product speaks.');

export const fieldUsage = z
  .enum(['REQUIRED', 'OPTIONAL', 'NOT_USE'])
  .describe('REQUIRED: must be filled; OPTIONAL: may be empty; NOT_USE: hidden in forms and ignored by the server.');
export type FieldUsage = z.infer<typeof fieldUsage>;

export const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'lower-case letters, digits and hyphens');
