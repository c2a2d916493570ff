import type { Context } from 'hono';
import type { z } from 'zod';
import { type BodyArgs, type Parts, type PartsOutput, partKeys, splitBody } from '#domain/call-contract.ts';
import { type CallKey, type Calls, calls } from '#domain/calls.ts';
import { AppError } from '#domain/errors.ts';
import type { FieldMessage } from '#domain/message-keys.ts';
import { fieldIssues } from '#domain/validation/issues.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { socketAddress } from './loopback.ts';

/** The JSON body as an object; anything else is BAD_REQUEST. */
export async function readJsonObject(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError('BAD_REQUEST', { message: 'request.invalidJson' });
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new AppError('BAD_REQUEST', { message: 'request.invalidJson' });
  return body as Record<string, unknown>;
}

/**
 * A form body (urlencoded or multipart) as Hono parses it; a body that does not parse (a broken
 * multipart boundary, a part without a name) is BAD_REQUEST, not a 500.
 */
export async function readForm(c: Context<AppEnv>, opts: { all?: boolean } = {}): Promise<Record<string, unknown>> {
  try {
    return await c.req.parseBody({ all: opts.all ?? false });
  } catch {
    throw new AppError('BAD_REQUEST', { message: 'request.invalidForm' });
  }
}

type Part<S extends z.ZodType> = { schema: S; value: Record<string, unknown>; allowed: readonly string[] };

/** Field labels for messages with a {field} placeholder (e.g. the one-time code's display name). */
export type FieldLabels = Record<string, string>;

function unknownKeys(value: Record<string, unknown>, allowed: readonly string[]): Record<string, FieldMessage> {
  const unknown = Object.keys(value).filter((k) => !allowed.includes(k));
  return Object.fromEntries(unknown.map((k) => [k, 'request.unknownField' as const]));
}

function issuesToFields(error: z.ZodError, labels: FieldLabels): Record<string, FieldMessage> {
  const fields: Record<string, FieldMessage> = {};
  for (const [field, issues] of Object.entries(fieldIssues(error))) {
    const first = issues[0];
    if (first) fields[field || '_'] = { key: first.key, params: { field: labels[field] ?? '', ...first.params } };
  }
  return fields;
}

/**
 * Validates a request body with schemas from domain/ (the same ones the browser's forms use),
 * one part per schema, so every field's message is answered at once with the field's own name.
 * Keys outside a part's `allowed` list are refused. A failure answers 400 with one message per
 * field (translated by the error body), and nothing is written, because the caller has not started yet.
 */
export function parseInputs<P extends readonly Part<z.ZodType>[]>(
  parts: P,
  labels: FieldLabels = {},
): { [K in keyof P]: P[K] extends Part<infer S> ? z.output<S> : never } {
  let fields: Record<string, FieldMessage> = {};
  const out: unknown[] = [];
  for (const part of parts) {
    fields = { ...fields, ...unknownKeys(part.value, part.allowed) };
    const result = part.schema.safeParse(part.value);
    if (result.success) out.push(result.data);
    else fields = { ...fields, ...issuesToFields(result.error, labels) };
  }
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', { fields });
  return out as never;
}

/** One schema over the whole body. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  body: Record<string, unknown>,
  allowed: readonly string[],
  labels: FieldLabels = {},
): z.output<S> {
  return parseInputs([{ schema, value: body, allowed }] as const, labels)[0];
}

/** What a route adds to the store when a row's body needs it (the clock, the member's current values). */
export type CallFacts = Omit<BodyArgs, 'store' | 'now'> & { now?: Date };

/**
 * Validates a body with its row of the call table (domain/calls.ts): the row's parts, their keys
 * (a key no part allows is refused), one message per field, all at once. A failure answers 400 and
 * nothing is written, because the handler has not started yet.
 */
export function parseCall<K extends CallKey>(
  key: K,
  body: Record<string, unknown>,
  args: BodyArgs,
  labels: FieldLabels = {},
): PartsOutput<Calls[K]> {
  const build = calls[key].body as ((a: BodyArgs, raw: Record<string, unknown>) => Parts) | null;
  if (!build) return [] as never;
  const parts = build(args, body);
  const values = splitBody(parts, body);
  // A part without its own keys (a loose object) allows whatever it was given.
  return parseInputs(
    parts.map((part, i) => {
      const value = values[i] ?? {};
      return { schema: part.schema, value, allowed: partKeys(part) ?? Object.keys(value) };
    }),
    labels,
  ) as never;
}

/** Reads the JSON body of a call and parses it with its row (a row without a body reads nothing). */
export async function readCall<K extends CallKey>(
  c: Context<AppEnv>,
  key: K,
  facts: CallFacts = {},
  labels: FieldLabels = {},
): Promise<PartsOutput<Calls[K]>> {
  if (!calls[key].body) return [] as never;
  const body = await readJsonObject(c);
  return parseCall(key, body, callArgs(c, facts), labels);
}

/** The arguments a row's body is built from, for this request. */
export function callArgs(c: Context<AppEnv>, facts: CallFacts = {}): BodyArgs {
  return { ...facts, store: c.var.store, now: facts.now ?? new Date() };
}

// The one check of a redirect target, shared with the browser (domain/safe-redirect.ts).
export { safeRedirect } from '#domain/safe-redirect.ts';

/** The client address: the socket's, or X-Forwarded-For's first entry behind a trusted proxy. */
export function clientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress(c) ?? '0.0.0.0';
}
