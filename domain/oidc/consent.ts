// The consent screen's rules (decision 0021), shared by the screen data and the form's answer.
import { z } from 'zod';

export type StoreScope = { scopeKey: string; required: boolean };

/**
 * The requested scopes against what the member said before for this app:
 * - authorizedScopeKeys: requested and granted earlier;
 * - unauthorizedScopeKeys: requested and refused earlier;
 * - updatedScopeKeys: requested for the first time (new since the last consent, or all on the first).
 */
export function classifyScopes(requested: readonly string[], grantedBefore: readonly string[], refusedBefore: readonly string[]) {
  const granted = new Set(grantedBefore);
  const refused = new Set(refusedBefore);
  return {
    authorizedScopeKeys: requested.filter((s) => granted.has(s)),
    unauthorizedScopeKeys: requested.filter((s) => refused.has(s) && !granted.has(s)),
    updatedScopeKeys: requested.filter((s) => !granted.has(s) && !refused.has(s)),
  };
}

/** Scopes without a setting in the store (openid when not listed) count as required. */
export const isRequired = (scopeKey: string, storeScopes: readonly StoreScope[]) =>
  storeScopes.find((s) => s.scopeKey === scopeKey)?.required ?? true;

/**
 * The consent form's answer -> the scopes refused. Required scopes are always granted and cannot
 * be refused (null: the answer tried to). An optional scope is granted when the viewer added it
 * (its box checked) and not also refused.
 */
export function refusedScopes(
  requested: readonly string[],
  storeScopes: readonly StoreScope[],
  answer: { addScope: readonly string[]; rejectScope: readonly string[] },
): string[] | null {
  if (answer.rejectScope.some((s) => isRequired(s, storeScopes))) return null;
  const added = new Set(answer.addScope);
  const rejected = new Set(answer.rejectScope);
  return requested.filter((s) => !isRequired(s, storeScopes) && (!added.has(s) || rejected.has(s)));
}

const scopeKeys = z.array(z.string().max(64)).max(50);

/** The consent screen's data. */
export const oidcConsentScreenSchema = z.object({
  uid: z.string(),
  clientInfo: z.object({
    clientId: z.string(),
    clientName: z.string(),
    logoUri: z.string().nullable(),
    serviceLogoUri: z.string(),
    serviceName: z.string(),
    description: z.string().nullable(),
    providerName: z.string().nullable(),
    termsUrl: z.string().nullable(),
    privacyUrl: z.string().nullable(),
  }),
  requestScopeKeys: scopeKeys,
  storeScopeSettings: z.array(
    z.object({ scopeKey: z.string(), scopeName: z.string(), scopeDescription: z.string().nullable(), required: z.boolean() }),
  ),
  authorizedScopeKeys: scopeKeys,
  unauthorizedScopeKeys: scopeKeys,
  updatedScopeKeys: scopeKeys,
  oidcPrecautions: z.array(z.string()),
});

/** The account choice of prompt=select_account: the signed-in member's address. */
export const oidcSelectAccountScreenSchema = z.object({
  uid: z.string(),
  clientName: z.string(),
  serviceName: z.string(),
  email: z.string(),
});
