import { call } from './call.ts';

/** POST /zapi/oidc/revoke/grant/{grantId}: disconnects the app of the grant. */
export const revokeGrant = (grantId: string) => call('POST /zapi/oidc/revoke/grant/:grantId', { params: { grantId } });
