import type { Redirect } from './identity-calls.ts';
import { postJson } from './request.ts';

/** POST /zapi/oidc/revoke/grant/{grantId}: disconnects the app of the grant. */
export const revokeGrant = (grantId: string) => postJson<Redirect>(`/zapi/oidc/revoke/grant/${encodeURIComponent(grantId)}`, {});
