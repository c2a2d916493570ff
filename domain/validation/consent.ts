// POST /zapi/account/consent (spec 7): one consent option set to a new value.
import { z } from 'zod';
import { INVALID } from './issues.ts';

export const CONSENT_TYPES = ['newsletter', 'privacy'] as const;
export type ConsentType = (typeof CONSENT_TYPES)[number];

/** { consentOptionId, key, value }: `key` names the consent screen, `value` the new state. */
export const consentBodySchema = z
  .object(
    {
      consentOptionId: z.string(INVALID).min(1, INVALID.error).max(63, INVALID.error),
      key: z.enum(CONSENT_TYPES, { error: 'common.invalidOption' }),
      value: z.boolean(INVALID),
    },
    INVALID,
  )
  .strip();
export type ConsentBody = z.infer<typeof consentBodySchema>;
