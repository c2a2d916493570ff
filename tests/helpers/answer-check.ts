// Every JSON answer of a call in the call table, checked against its row (decision 0039): the
// integration harness wraps its app with this, so every integration test checks the answers of
// the calls it makes.
import type { Hono } from 'hono';
import { pathMatches } from '#domain/call-contract.ts';
import { type CallKey, calls } from '#domain/calls.ts';

const KEYS = Object.keys(calls) as CallKey[];

/** The row of a request: the one whose method and path match (literal segments before parameters). */
export function callOf(method: string, path: string): CallKey | null {
  const matches = KEYS.filter((k) => {
    const space = k.indexOf(' ');
    return k.slice(0, space) === method && pathMatches(k.slice(space + 1), path);
  });
  const params = (k: string) => (k.match(/\/:/g) ?? []).length;
  return matches.sort((a, b) => params(a) - params(b))[0] ?? null;
}

/** A success that is not what the row says: the call, the body and zod's complaint. */
export class AnswerMismatch extends Error {}

/** Makes `app.fetch` (and so `app.request`) throw when a call's success answer does not parse with its row. */
export function checkAnswers<A extends Pick<Hono<never>, 'fetch'>>(app: A): A {
  const fetch = app.fetch.bind(app);
  app.fetch = (async (request: Request, ...rest: unknown[]) => {
    const res = await (fetch as (r: Request, ...x: unknown[]) => Promise<Response>)(request, ...rest);
    const key = callOf(request.method, new URL(request.url).pathname);
    if (!key || !res.ok || !(res.headers.get('content-type') ?? '').includes('application/json')) return res;
    const body: unknown = await res.clone().json();
    const parsed = calls[key].answer.safeParse(body);
    if (!parsed.success)
      throw new AnswerMismatch(`${key} answered ${JSON.stringify(body).slice(0, 500)}, not its row's answer: ${parsed.error.message}`);
    return res;
  }) as A['fetch'];
  return app;
}
