import { type ApiResult, getJson } from './request.ts';

export type PostalResult = { prefectureCode: number; city: string; town: string; allAddress: string };

/** GET /zapi/postal-code/{7 digits}: the towns the code names (404 with fields.postalCode when none). */
export const lookupPostalCode = (code: string): Promise<ApiResult<{ results: PostalResult[] }>> =>
  getJson(`/zapi/postal-code/${encodeURIComponent(code)}`);
