import { type ErrorPageKind, errorPageKind } from '#domain/errors.ts';

export type ErrorPageInfo = {
  status: number;
  kind: ErrorPageKind;
  code?: string;
  message?: string;
  requestId?: string;
};

type ErrorContext = {
  abortReason?: unknown;
  abortStatusCode?: number;
  is404?: boolean | null;
  /** false on client navigation: the root data then belongs to an earlier request. */
  isHydration?: boolean;
  rootData?: { requestId?: string };
};

function field(reason: unknown, key: string): unknown {
  return reason && typeof reason === 'object' && key in reason ? (reason as Record<string, unknown>)[key] : undefined;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/**
 * What the error page shows. The status is the error object's own (`render(status, reason)`
 * carries 451, 502 and 504 that Vike cannot abort with), else Vike's abort status, else 404 for
 * an unknown route and 500 for anything else.
 */
export function errorPageInfo(pageContext: ErrorContext): ErrorPageInfo {
  const reason = pageContext.abortReason;
  const reasonStatus = field(reason, 'status');
  const status =
    typeof reasonStatus === 'number' && Number.isInteger(reasonStatus)
      ? reasonStatus
      : (pageContext.abortStatusCode ?? (pageContext.is404 === false ? 500 : 404));
  const code = text(field(reason, 'code'));
  return {
    status,
    kind: errorPageKind(status, code),
    code,
    message: text(field(reason, 'message')),
    requestId: text(field(reason, 'requestId')) ?? (pageContext.isHydration === false ? undefined : text(pageContext.rootData?.requestId)),
  };
}
