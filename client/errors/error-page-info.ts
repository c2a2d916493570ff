import { type ErrorPageKind, errorPageKind } from '#domain/error-pages.ts';

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

const DETAIL_MAX = 200;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
const CONTROL = /[\u0000-\u001f\u007f]/g;

/**
 * The `message` of /oidc/error (spec 2: the page raises the error with the status and the message
 * of its query; the OpenID provider puts its error there): shown as plain text, below the page's
 * own words, without control characters and at most 200 characters; undefined when empty.
 */
export function errorDetail(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.replace(CONTROL, ' ').trim();
  if (text === '') return undefined;
  return text.length > DETAIL_MAX ? `${text.slice(0, DETAIL_MAX)}…` : text;
}
