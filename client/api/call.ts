// The browser's one way to make a JSON call: call('POST /zapi/purchase/:planId', { params, body }).
// The path parameters, the body and the answer are typed from the call's row in domain/calls.ts,
// the same row the server parses the body with (decision 0039).
import type { AnswerOf, BodyOf, ParamNames } from '#domain/call-contract.ts';
import { fillPath } from '#domain/call-contract.ts';
import type { CallKey, Calls } from '#domain/calls.ts';
import { type ApiResult, deleteJson, getJson, postJson } from './request.ts';

type PathOf<K> = K extends `${string} ${infer P}` ? P : never;
type ParamsArg<K> = [ParamNames<PathOf<K>>] extends [never] ? unknown : { params: Record<ParamNames<PathOf<K>>, string> };
type BodyArg<K extends CallKey> = BodyOf<Calls[K]> extends undefined ? unknown : { body: BodyOf<Calls[K]> };
type QueryArg<K> = K extends `GET ${string}` ? { query?: Record<string, string> } : unknown;
/** What a call needs besides its key: `params` when its path has any, `body` when it takes one; a GET may add a `query`. */
export type CallArgs<K extends CallKey> = ParamsArg<K> & BodyArg<K> & QueryArg<K>;
export type CallAnswer<K extends CallKey> = AnswerOf<Calls[K]>;
/** The body a call takes. */
export type CallBody<K extends CallKey> = BodyOf<Calls[K]>;

/**
 * Makes the call of `key` with the session's cookies (same origin). A write without a body still
 * sends `{}` as JSON: the cross-site check wants a JSON content type on every write.
 */
export function call<K extends CallKey>(
  key: K,
  ...[args]: unknown extends CallArgs<K> ? [CallArgs<K>?] : [CallArgs<K>]
): Promise<ApiResult<CallAnswer<K>>> {
  const { params, body, query } = (args ?? {}) as { params?: Record<string, string>; body?: unknown; query?: Record<string, string> };
  const space = key.indexOf(' ');
  const method = key.slice(0, space);
  const url = fillPath(key.slice(space + 1), params);
  if (method === 'GET') return getJson(query && Object.keys(query).length > 0 ? `${url}?${new URLSearchParams(query)}` : url);
  if (method === 'DELETE') return deleteJson(url, body ?? {});
  return postJson(url, body ?? {});
}
