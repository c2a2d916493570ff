// Which error page an error shows, apart from errors.ts and its schema: the error page loads no
// zod (decision 0056). Import these from here, the one home of each name.

export const errorPageKinds = [
  '401',
  '403',
  '404',
  '500',
  '502',
  '503',
  '504',
  'regionUnavailable',
  'profileForbidden',
  'generic',
] as const;

export type ErrorPageKind = (typeof errorPageKinds)[number];

const pageByStatus: Readonly<Record<number, ErrorPageKind>> = {
  401: '401',
  403: '403',
  404: '404',
  451: 'regionUnavailable',
  500: '500',
  502: '502',
  503: '503',
  504: '504',
};

/**
 * The error page to show. A missing status means 404. The codes PROFILE_FORBIDDEN and
 * REGION_UNAVAILABLE pick their own pages whatever the status (both would otherwise share 403
 * or 451 with other errors); any other unknown status gives the generic page.
 */
export function errorPageKind(status?: number | null, code?: string | null): ErrorPageKind {
  if (code === 'PROFILE_FORBIDDEN') return 'profileForbidden';
  if (code === 'REGION_UNAVAILABLE') return 'regionUnavailable';
  if (status == null) return '404';
  return pageByStatus[status] ?? 'generic';
}
