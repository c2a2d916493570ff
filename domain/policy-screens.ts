// The data of /terms and /privacy (domain/screen-data.ts lists them by route pattern).
import { z } from 'zod';
import { policyViewSchema } from './identity-screens.ts';

/** A store's terms of use or privacy policy as its own page, in the viewer's language. */
export const policyPageSchema = z.object({ policy: policyViewSchema }).strict();
export type PolicyPage = z.infer<typeof policyPageSchema>;
