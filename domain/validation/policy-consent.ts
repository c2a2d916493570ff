// policyConsentData: the member's consent to each of the store's policies, at their current
// revision. Internal policies are consented to by reading them to the end and pressing the button;
// external ones (text on another site) by ticking a box ('同意が必須です。').
//
// Sent as a list of { policyId, revision, agreed }. Issue paths are [i, 'agreed'] with i the
// policy's index in the store's list (the form lays its boxes out in that order).
import { z } from 'zod';
import type { policy } from '#config-schema/policies.ts';
import { INVALID, report } from './issues.ts';

export type ConsentPolicy = Pick<z.infer<typeof policy>, 'policyId' | 'revision' | 'isExternal'>;
export type PolicyConsent = { policyId: string; revision: number };

const consentEntry = z.object(
  { policyId: z.string(INVALID), revision: z.number(INVALID).int(INVALID), agreed: z.boolean(INVALID) },
  INVALID,
);
export type PolicyConsentInput = z.input<typeof consentEntry>;

/** Consent to every policy is required; the output lists { policyId, revision } in store order. */
export function policyConsentSchema(policies: readonly ConsentPolicy[]) {
  return z.array(consentEntry, INVALID).transform((list, ctx): PolicyConsent[] => {
    let failed = false;
    policies.forEach((p, i) => {
      const agreed = list.filter((e) => e.policyId === p.policyId && e.agreed);
      if (agreed.some((e) => e.revision === p.revision)) return;
      failed = true;
      const key = agreed.length > 0 ? 'policy.revisionOutdated' : p.isExternal ? 'policy.externalConsentRequired' : 'policy.agreeRequired';
      report(ctx, key, undefined, [i, 'agreed']);
    });
    return failed ? z.NEVER : policies.map((p) => ({ policyId: p.policyId, revision: p.revision }));
  });
}

/** Starting values: one unticked entry per policy, at its current revision. */
export function policyConsentDefaults(policies: readonly ConsentPolicy[]): PolicyConsentInput[] {
  return policies.map((p) => ({ policyId: p.policyId, revision: p.revision, agreed: false }));
}
