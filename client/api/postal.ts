import { type CallAnswer, call } from './call.ts';

export type PostalResult = CallAnswer<'GET /zapi/postal-code/:code'>['results'][number];

/** GET /zapi/postal-code/{7 digits}: the towns the code names (404 with fields.postalCode when none). */
export const lookupPostalCode = (code: string) => call('GET /zapi/postal-code/:code', { params: { code } });
