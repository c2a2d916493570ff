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

/**
 * The store's option a body names, when it is one of the screen the body says (an option of the
 * newsletter screen cannot be set through the privacy screen); null otherwise.
 */
export function consentOptionFor<O extends { consentOptionId: string; key: ConsentType }>(
  options: readonly O[],
  body: Pick<ConsentBody, 'consentOptionId' | 'key'>,
): O | null {
  return options.find((o) => o.consentOptionId === body.consentOptionId && o.key === body.key) ?? null;
}
