import type { ErrorObject } from '#domain/errors.ts';

/** The answer of an API call: its JSON body, or the error object of spec 3. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ErrorObject };

/** What a failed call that did not answer with an error object becomes (network down, proxy page). */
export const NETWORK_ERROR = 'NETWORK_ERROR';

function toError(status: number, body: unknown): ErrorObject {
  const b = body as Partial<ErrorObject> | null;
  if (b && typeof b.code === 'string') {
    return {
      status: typeof b.status === 'number' ? b.status : status,
      code: b.code,
      message: typeof b.message === 'string' ? b.message : '',
      requestId: typeof b.requestId === 'string' ? b.requestId : '',
      ...(b.fields && typeof b.fields === 'object' ? { fields: b.fields } : {}),
      ...(typeof b.retryAfterSeconds === 'number' && b.retryAfterSeconds > 0 ? { retryAfterSeconds: b.retryAfterSeconds } : {}),
    };
  }
  return { status, code: status === 0 ? NETWORK_ERROR : 'UNKNOWN', message: '', requestId: '' };
}

async function call<T>(url: string, init: RequestInit): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, credentials: 'same-origin' });
  } catch {
    return { ok: false, error: toError(0, null) };
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) return { ok: false, error: toError(res.status, body) };
  return { ok: true, data: (body ?? {}) as T };
}

/** POST with a JSON body; the session cookies (HttpOnly) go along because the call is same-origin. */
export function postJson<T>(url: string, body: unknown): Promise<ApiResult<T>> {
  return call<T>(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
}

/** DELETE with a JSON body (spec 7: DELETE /zapi/account/withdraw carries the code). */
export function deleteJson<T>(url: string, body: unknown): Promise<ApiResult<T>> {
  return call<T>(url, {
    method: 'DELETE',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
}

export function getJson<T>(url: string): Promise<ApiResult<T>> {
  return call<T>(url, { method: 'GET', headers: { accept: 'application/json' } });
}
