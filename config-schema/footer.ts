import { z } from 'zod';
import { externalUrl, localizedText } from './common.ts';

export const footerLink = z
  .object({
    name: localizedText.describe('Link text.'),
    type: z.enum(['default', 'url']).describe('default: a page of this site (path); url: any address.'),
    path: z
      .string()
      .regex(/^\/[^\s]*$/)
      .optional()
      .describe('type default: the path on this site.'),
    url: externalUrl.optional().describe('type url: the address.'),
    enabled: z.boolean().default(true).describe('Whether the link shows at all.'),
    external: z.boolean().default(false).describe('Open in a new tab with an external-link mark.'),
    displayType: z
      .enum(['login', 'logout', 'always'])
      .default('always')
      .describe('login: only signed-in viewers; logout: only guests; always: everyone.'),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.type === 'default' && !v.path) ctx.addIssue({ code: 'custom', path: ['path'], message: 'type default needs a path' });
    if (v.type === 'url' && !v.url) ctx.addIssue({ code: 'custom', path: ['url'], message: 'type url needs a url' });
  });

export const footers = z
  .object({
    footerLinks: z.array(footerLink).max(30).default([]).describe('Links in the footer, in display order.'),
    socialMediaLinks: z
      .object({
        twitterUrl: externalUrl.optional().describe('X (Twitter) profile.'),
        facebookUrl: externalUrl.optional().describe('Facebook page.'),
        instagramUrl: externalUrl.optional().describe('Instagram profile.'),
        lineUrl: externalUrl.optional().describe('LINE official account.'),
      })
      .strict()
      .prefault({})
      .describe('Social media icons in the footer; a missing URL hides its icon.'),
    trademarks: z.array(localizedText).max(10).default([]).describe('Trademark notices, one paragraph each.'),
    licenses: z.array(localizedText).max(10).default([]).describe('Licence notices (e.g. JASRAC numbers), one paragraph each.'),
    copyright: z.string().min(1).max(200).describe('Copyright line, e.g. "© 2026 Example Inc."'),
  })
  .strict()
  .describe('The footer of every guest and member page.');
