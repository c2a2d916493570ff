import { z } from 'zod';
import { externalUrl, localizedText, slug } from './common.ts';

export const policy = z
  .object({
    key: z.enum(['terms', 'privacy']).describe('Which policy this is.'),
    policyId: slug.describe('Identifier of the policy, stable across revisions.'),
    revision: z.number().int().min(1).describe('Raised on each change; members consent to a revision.'),
    title: localizedText,
    isExternal: z
      .boolean()
      .default(false)
      .describe(
        'true: the text lives at externalUrl and the viewer ticks a consent box; false: the text is shown and must be scrolled to the end.',
      ),
    externalUrl: externalUrl.optional(),
    body: localizedText.optional().describe('Internal policy text (paragraphs separated by blank lines).'),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.isExternal && !v.externalUrl)
      ctx.addIssue({ code: 'custom', path: ['externalUrl'], message: 'an external policy needs externalUrl' });
    if (!v.isExternal && !v.body) ctx.addIssue({ code: 'custom', path: ['body'], message: 'an internal policy needs body' });
  });

export const consentOption = z
  .object({
    consentOptionId: slug.describe('Identifier of the consent, stable across wording changes.'),
    key: z.enum(['newsletter', 'privacy']).describe('Which consent screen lists it.'),
    title: localizedText,
    description: localizedText.optional(),
    defaultValue: z.boolean().default(false).describe('Whether the box starts ticked.'),
  })
  .strict();
