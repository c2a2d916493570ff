// The shape of one row of the call table (domain/calls.ts) and what both sides derive from it:
// the keys a body may carry, the parts a body is split into, the browser's types of a call.
import type { z } from 'zod';
import type { PublicStoreSettings } from '#config-schema/public-settings.ts';
import type { StoreSettings } from '#config-schema/store-settings.ts';
import type { SurveyRules } from './validation/survey-answers.ts';

/** What a body schema may be built from: the store's settings, and what the route knows of the caller. */
export type BodyArgs = {
  store: { settings: StoreSettings; publicSettings: PublicStoreSettings };
  /** The server's clock (dates of birth, ages). */
  now: Date;
  /** E-mail change: the member's address (the new one must differ); none when absent. */
  currentEmail?: string;
  /** User-ID change: the member's user ID (the new one must differ); none when absent. */
  currentUserId?: string | null;
  /** A cancellation: the questions of the plan's survey; none when absent. */
  surveyQuestions?: readonly SurveyRules[];
  /** Sign-up with an external ID: the form has no password. */
  externalId?: boolean;
};

/**
 * One schema over some keys of the body. The first part of a row takes every key the later parts
 * do not claim; a key outside the part's own (`keys`, else the keys of its object schema) is refused
 * with `request.unknownField`.
 */
export type Part = { readonly schema: z.ZodType; readonly keys?: readonly string[] };
export type Parts = readonly [Part, ...Part[]];

/** A row: how the body is validated (null: the call reads no body) and what a success answers. */
export type CallRow = {
  readonly body: ((args: BodyArgs, raw: Record<string, unknown>) => Parts) | null;
  readonly answer: z.ZodType;
};

/** A row, with the types of its parts kept. */
export const row = <P extends Parts, A extends z.ZodType>(r: {
  body: ((args: BodyArgs, raw: Record<string, unknown>) => P) | null;
  answer: A;
}) => r;

/** A row of a call that reads no body. */
export const noBody = <A extends z.ZodType>(answer: A): { body: null; answer: A } => ({ body: null, answer });

/** One part over the whole body. */
export const one = <S extends z.ZodType>(schema: S) => [{ schema }] as const;

type Shaped = { shape: Record<string, unknown> };
type Def = { type?: string; in?: unknown; innerType?: unknown; catchall?: { _zod?: { def?: { type?: string } } } };
const defOf = (s: unknown): Def => ((s as { _zod?: { def?: Def } })._zod?.def ?? {}) as Def;

/**
 * The keys a part allows: its own list, else the keys of its object schema (through pipes and
 * wrappers). A loose object (any key) or a schema that is no object gives null: no key is refused.
 */
export function partKeys(part: Part): readonly string[] | null {
  if (part.keys) return part.keys;
  let s: unknown = part.schema;
  for (let i = 0; i < 8 && s; i++) {
    const def = defOf(s);
    if (def.type === 'object') {
      if (def.catchall?._zod?.def?.type === 'unknown') return null;
      return Object.keys((s as Shaped).shape);
    }
    s = def.type === 'pipe' ? def.in : def.innerType;
  }
  return null;
}

/** The body cut into the row's parts: later parts take their keys, the first part everything else. */
export function splitBody(parts: Parts, raw: Record<string, unknown>): Record<string, unknown>[] {
  const claimed = new Set(parts.slice(1).flatMap((p) => partKeys(p) ?? []));
  return parts.map((part, i) => {
    if (i === 0) return Object.fromEntries(Object.entries(raw).filter(([k]) => !claimed.has(k)));
    const own = partKeys(part) ?? [];
    return Object.fromEntries(Object.entries(raw).filter(([k]) => own.includes(k)));
  });
}

/** The keys of `value` its part does not allow. */
export function unknownKeysOf(part: Part, value: Record<string, unknown>): string[] {
  const keys = partKeys(part);
  return keys ? Object.keys(value).filter((k) => !keys.includes(k)) : [];
}

// --- Types of a row, for the server's handlers and the browser's call(). ------------------------

type RowParts<R> = R extends { body: infer F } ? (NonNullable<F> extends (...a: never[]) => infer P ? P : never) : never;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
/** Distributes over the modes of a row whose parts depend on the body (the login's code or password). */
type InputOf<P> = P extends Parts ? Simplify<UnionToIntersection<z.input<P[number]['schema']>>> : never;

/** The browser's body of a row: every part's input (a row without a body takes none). */
export type BodyOf<R> = R extends { body: null } ? undefined : InputOf<RowParts<R>>;
/** The server's parsed parts of a row, in order. */
export type PartsOutput<R> =
  RowParts<R> extends infer P ? { -readonly [K in keyof P]: P[K] extends Part ? z.output<P[K]['schema']> : never } : never;
/** What a success of a row answers. */
export type AnswerOf<R> = R extends { answer: infer A extends z.ZodType } ? z.output<A> : never;

/** The names of a path's parameters: '/zapi/purchase/:planId' -> 'planId'. */
export type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer R}`
  ? N | ParamNames<`/${R}`>
  : P extends `${string}:${infer N}`
    ? N
    : never;

/** '/zapi/purchase/:planId' with its parameters filled in (each URI-encoded). */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

/** Whether a request's path is the row's path ('/zapi/purchase/:planId' matches '/zapi/purchase/p1'). */
export function pathMatches(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((seg, i) => (seg.startsWith(':') ? (b[i] ?? '') !== '' : seg === b[i]));
}
