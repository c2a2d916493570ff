import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath } from '#domain/call-contract.ts';
import { type CallKey, calls } from '#domain/calls.ts';
import { AppError } from '#domain/errors.ts';
import { parseCall } from '#server/platform/http/input.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';
import {
  type Fields,
  malformedMultipart,
  mutatedBody,
  mutatedFields,
  NOT_JSON,
  parsedAsServer,
  rawFields,
  rawPayload,
} from '../helpers/body-fuzz.ts';
import { type Body, FACTS, FUZZ_PARAMS, SEEDS } from '../helpers/call-seeds.ts';
import { databaseDiff, snapshotDatabase } from '../helpers/db-snapshot.ts';
import { jsonCallRoutes, type RouteKey } from '../helpers/route-table.ts';
import { createHarness } from './app-harness.ts';
import {
  type Browser,
  browser,
  HIKARI,
  HIKARI_CONSENT,
  HIKARI_PASSWORD,
  hikariDoc,
  latestCode,
  loginWithPassword,
  MIDORI,
  MIDORI_PASSWORD,
  midoriDoc,
  movableClock,
  SECOND,
  seedMember,
  uniqueEmail,
  uniqueUserId,
} from './identity/support.ts';
import { providerStore } from './oidc/support.ts';

// Issue 6, "suites that stay": every JSON call the app registers gets at least 1,000 bodies its
// row of the call table (domain/calls.ts) refuses (mutations of valid bodies, generated with
// fast-check, each checked invalid with the row, as the route parses it) plus raw payloads that
// are not a JSON object. Each answer must be a 4xx error object, and no row of the database may
// change. The calls are read from the app's route table, so a new call is fuzzed on its own (and
// tests/integration/call-table.test.ts fails for a route without a row).

/**
 * Bodies per call and caller: 2 stores x (guest 400, member 100) = 1,000 per call; raw payloads
 * come on top. The member's share is smaller: only a few calls look at the session.
 */
const BODIES_PER_CALL = 1_000;
const BODIES = { guest: 400, member: 100 };
const RAW_PER_CALLER = 25;
const SEED = 20_261_122;

// The clock moves 31 s before each batch, past the code-resend wait (30 s) of the batch before:
// a call that did its work despite a hostile body would then show it (48 batches: 25 minutes,
// inside the flows' 60 and 120 minutes).
const clock = movableClock();
const h = await createHarness({}, clock.now);
afterAll(() => h.close());

type Caller = { label: string; store: StoreContext; b: Browser; bodies: number };
const callers: Caller[] = [];

/** A fresh address without digits: a six-digit run in a mail would be read as its code. */
const letterEmail = (tag: string) => uniqueEmail(tag).replace(/\d/g, (d) => 'ghijklmnop'[Number(d)] ?? 'g');

/**
 * A browser part-way through everything: a sign-up flow with a proven address (and consent), a
 * code-login flow, and, for the member, a session. So each call gets past its flow checks to its
 * validation, which is where hostile bodies must stop.
 */
async function preparedBrowser(host: string, member: { email: string; password: string } | null): Promise<Browser> {
  const b = browser(h, host);
  if (member) expect((await loginWithPassword(b, member.email, member.password)).status).toBe(200);
  if (host === HIKARI) expect((await b.post('/zapi/signup/policy', { policyConsentData: HIKARI_CONSENT })).status).toBe(200);
  const email = letterEmail('fuzz-flow');
  expect((await b.post('/zapi/signup/email', { type: 'signUp', email })).status).toBe(200);
  expect((await b.post('/zapi/signup/pin-code', { pinCode: await latestCode(h, email) })).status).toBe(200);
  expect((await b.post('/login/code', { emailUserId: member?.email ?? letterEmail('fuzz-code') })).status).toBe(200);
  // The login code is mailed after the answer (decision 0009): done now, not during a batch.
  await h.drainMail();
  return b;
}

beforeAll(async () => {
  // Every My Page flag on somewhere, with a consent option of each screen, so those calls get seeds.
  await h.apply(
    hikariDoc({
      features: { userId: true, newsletter: true, pinCode: true },
      consentOptions: [{ consentOptionId: 'hikari-news', key: 'newsletter', title: { ja: 'ニュース' } }],
    }),
  );
  await h.apply(
    midoriDoc({
      features: { privacy: true, pinCode: true },
      consentOptions: [{ consentOptionId: 'midori-research', key: 'privacy', title: { ja: '調査' } }],
    }),
  );
  const hikariMember = { email: letterEmail('fuzz-hikari'), password: HIKARI_PASSWORD };
  const midoriMember = { email: letterEmail('fuzz-midori'), password: MIDORI_PASSWORD };
  await seedMember(h, 'hikari', { ...hikariMember, userId: uniqueUserId() });
  await seedMember(h, 'midori', midoriMember);
  for (const [host, member] of [
    [HIKARI, hikariMember],
    [MIDORI, midoriMember],
  ] as const) {
    const store = await h.storeCache.resolveHost(host);
    if (!store) throw new Error(`no store for ${host}`);
    callers.push({ label: `guest on ${store.storeId}`, store, b: await preparedBrowser(host, null), bodies: BODIES.guest });
    callers.push({ label: `member on ${store.storeId}`, store, b: await preparedBrowser(host, member), bodies: BODIES.member });
  }
});

const isPlainObject = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A call as the fuzz sends it: where, its seeds, and whether its row would take a body. */
type Fuzzed = {
  method: 'POST' | 'DELETE';
  path: string;
  /** The row takes a body (a call without one gets every body as outside its contract). */
  takesBody: boolean;
  accepts(body: unknown, store: StoreContext, now: Date): boolean;
  seeds(store: StoreContext): Body[];
};

/** The catch-all that answers NOT_FOUND for any other /zapi path: no body is valid there. */
const CATCH_ALL: Fuzzed = {
  method: 'POST',
  path: '/zapi/fuzz-no-such-call',
  takesBody: false,
  accepts: () => false,
  seeds: () => [{ email: 'fuzz@example.jp' }, {}],
};

function fuzzed(route: RouteKey): Fuzzed {
  if (route === 'ALL /zapi/*') return CATCH_ALL;
  const key = route as CallKey;
  const space = key.indexOf(' ');
  return {
    method: key.slice(0, space) as 'POST' | 'DELETE',
    path: fillPath(key.slice(space + 1), FUZZ_PARAMS),
    takesBody: calls[key].body !== null,
    accepts(body, store, now) {
      if (calls[key].body === null || !isPlainObject(body)) return false;
      try {
        parseCall(key, body, { ...FACTS[key]?.(store), store, now });
        return true;
      } catch (e) {
        if (e instanceof AppError) return false;
        throw e;
      }
    },
    seeds: SEEDS[key],
  };
}

/** The writes among the JSON calls, and the catch-all. */
const routes: RouteKey[] = [
  ...jsonCallRoutes(h.app as never).filter((r) => r.startsWith('POST ') || r.startsWith('DELETE ')),
  'ALL /zapi/*',
];

type Failure = { caller: string; body: string; status: number; answer: string };

/** Sends each body; collects every answer that is not a 4xx error object. */
async function send(call: Fuzzed, caller: Caller, bodies: string[], failures: Failure[]) {
  for (const body of bodies) {
    const a = call.method === 'DELETE' ? await caller.b.delete(call.path, body) : await caller.b.post(call.path, body);
    const e = a.body;
    const errorObject =
      typeof e.status === 'number' &&
      e.status === a.status &&
      typeof e.code === 'string' &&
      typeof e.message === 'string' &&
      typeof e.requestId === 'string' &&
      e.requestId !== '';
    if (a.status < 400 || a.status > 499 || !errorObject)
      failures.push({ caller: caller.label, body: body.slice(0, 300), status: a.status, answer: JSON.stringify(e).slice(0, 300) });
  }
}

describe('fuzz: every JSON call refuses what its schema refuses', () => {
  it('finds the JSON calls in the route table', () => {
    expect(routes.length).toBeGreaterThanOrEqual(11);
  });

  it.each(routes)(
    '%s: hostile bodies get a 4xx error object and change no row',
    async (route) => {
      const call = fuzzed(route);
      const failures: Failure[] = [];
      const changes: string[] = [];
      const now = clock.now();
      let sent = 0;
      for (const [i, caller] of callers.entries()) {
        const seeds = call.seeds(caller.store);
        // The seeds must be valid, or the mutations would prove nothing about the schema.
        for (const seed of seeds)
          expect(call.accepts(seed, caller.store, now), `seed ${JSON.stringify(seed)} of ${route}`).toBe(call.takesBody);
        const invalid = (text: string) => {
          const parsed = parsedAsServer(text);
          return parsed === NOT_JSON || !call.accepts(parsed, caller.store, now);
        };
        const bodies = fc.sample(mutatedBody(seeds).filter(invalid), { numRuns: caller.bodies, seed: SEED + i });
        const raw = fc.sample(rawPayload(seeds).filter(invalid), { numRuns: RAW_PER_CALLER, seed: SEED + 100 + i });
        clock.advance(31 * SECOND);
        // A signed-in caller's session is touched (sliding expiry) on its first request an hour
        // after the last touch: let a harmless read do that before the snapshot, so only what the
        // hostile bodies change is compared.
        await caller.b.get('/zapi/internal/root/screen-data');
        await h.drainMail();
        // A session's hourly touch (last seen) happens now, not inside the batch's snapshots.
        await caller.b.authId();
        const before = await snapshotDatabase(h.database);
        await send(call, caller, [...bodies, ...raw], failures);
        const after = await snapshotDatabase(h.database);
        sent += bodies.length + raw.length;
        changes.push(...databaseDiff(before, after).map((line) => `${caller.label}: ${line.slice(0, 400)}`));
      }
      expect(sent).toBeGreaterThanOrEqual(BODIES_PER_CALL);
      // One assertion, so a failure shows both the answers and the rows they changed.
      expect(
        { notA4xxErrorObject: failures.slice(0, 10), rowsChanged: changes.slice(0, 20) },
        `${failures.length} of ${sent} answers to ${route} were not a 4xx error object; ${changes.length} rows changed`,
      ).toEqual({ notA4xxErrorObject: [], rowsChanged: [] });
    },
    180_000,
  );
});

// Issue 19, defect 6: form and query input too. The OpenID interaction routes (forms, GET steps,
// the interaction pages' screen data) and the external-ID form callback get hostile fields (a NUL
// character among them), urlencoded texts no encoder writes and multipart bodies that do not
// parse. Our routes answer a 4xx error object and change no row; the provider's protocol
// endpoints answer with their own errors (redirects to the error page, OAuth error objects), never
// a 5xx. The interaction ids are dead or made up: no mutation can make a request valid.

const OP = 'fuzzop.test.localhost';
const DEAD_UID = 'AAAAAAAAAAAAAAAAAAAAA';
const FIELDS_PER_CALLER = 120;
const RAW_FIELDS_PER_CALLER = 16;
const MULTIPART_PER_CALLER = 12;

type FieldRoute = {
  method: 'GET' | 'POST';
  path: string;
  seeds: Fields[];
  /** Ours: a 4xx error object and no row changed. The provider's: no 5xx. */
  ours: boolean;
  /** A pass-through that redirects whatever it gets (the form_post callback): a 3xx is fine too. */
  redirects?: boolean;
};

const uidSeed: Fields[] = [[['uid', DEAD_UID]]];
const screens = ['/oidc/login', '/oidc/login/code', '/oidc/signup', '/oidc/signup/auth', '/oidc/consent', '/oidc/select-account'];
const authorizeSeed: Fields = [
  ['client_id', 'fuzzop-app'],
  ['response_type', 'code'],
  ['scope', 'openid profile'],
  ['redirect_uri', 'https://app.example.com/callback'],
  ['code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'],
  ['code_challenge_method', 'S256'],
  ['state', 'st'],
];
const FIELD_ROUTES: FieldRoute[] = [
  { method: 'POST', path: '/oidc/selectAccount/form', seeds: uidSeed, ours: true },
  { method: 'POST', path: '/oidc/selectAccount/form/switch', seeds: uidSeed, ours: true },
  {
    method: 'POST',
    path: '/oidc/consent/form',
    seeds: [
      [
        ['uid', DEAD_UID],
        ['addScope', 'profile'],
        ['rejectScope', 'email'],
      ],
    ],
    ours: true,
  },
  { method: 'POST', path: '/oidc/consent/form/abort', seeds: uidSeed, ours: true },
  {
    method: 'POST',
    path: '/auth/callback/form',
    seeds: [
      [
        ['code', 'c'],
        ['state', 's'],
      ],
    ],
    ours: true,
    redirects: true,
  },
  { method: 'GET', path: '/oidc/loginInteraction', seeds: uidSeed, ours: true },
  { method: 'GET', path: '/oidc/selectAccountInteraction', seeds: uidSeed, ours: true },
  ...screens.map((s): FieldRoute => ({ method: 'GET', path: `/zapi/internal${s}/screen-data`, seeds: uidSeed, ours: true })),
  { method: 'GET', path: '/oidc/auth', seeds: [authorizeSeed], ours: false },
  { method: 'GET', path: `/oidc/auth/${DEAD_UID}`, seeds: [[]], ours: false },
  {
    method: 'GET',
    path: '/oidc/session/end',
    seeds: [
      [
        ['client_id', 'fuzzop-app'],
        ['post_logout_redirect_uri', 'https://app.example.com/callback'],
        ['state', 's'],
      ],
    ],
    ours: false,
  },
  {
    method: 'POST',
    path: '/oidc/token',
    seeds: [
      [
        ['grant_type', 'authorization_code'],
        ['code', DEAD_UID],
        ['client_id', 'fuzzop-app'],
        ['redirect_uri', 'https://app.example.com/callback'],
        ['code_verifier', 'v'.repeat(43)],
      ],
    ],
    ours: false,
  },
  {
    method: 'POST',
    path: '/oidc/token/revocation',
    seeds: [
      [
        ['token', DEAD_UID],
        ['client_id', 'fuzzop-app'],
      ],
    ],
    ours: false,
  },
];

describe('fuzz: form and query input', () => {
  const opCallers: { label: string; b: Browser }[] = [];

  beforeAll(async () => {
    await h.apply(providerStore('fuzzop'));
    const email = letterEmail('fuzz-op');
    await seedMember(h, 'fuzzop', { email, password: MIDORI_PASSWORD });
    const member = browser(h, OP);
    expect((await loginWithPassword(member, email, MIDORI_PASSWORD)).status).toBe(200);
    opCallers.push({ label: 'guest', b: browser(h, OP) }, { label: 'member', b: member });
    // The provider is built (its first key and cookie secret made) before any snapshot.
    expect((await member.get('/.well-known/openid-configuration')).status).toBe(200);
  });

  const request = (b: Browser, route: FieldRoute, input: string | { contentType: string; body: string }) => {
    if (route.method === 'GET') return b.get(`${route.path}?${input as string}`);
    const form = typeof input === 'string' ? { contentType: 'application/x-www-form-urlencoded', body: input } : input;
    return b.post(route.path, form.body, { 'content-type': form.contentType });
  };

  it.each(FIELD_ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: hostile fields get a clear refusal, never a 5xx',
    async (_name, route) => {
      const failures: { caller: string; input: string; status: number; answer: string }[] = [];
      const changes: string[] = [];
      let sent = 0;
      for (const [i, caller] of opCallers.entries()) {
        const inputs: (string | { contentType: string; body: string })[] = [
          ...fc.sample(mutatedFields(route.seeds), { numRuns: FIELDS_PER_CALLER, seed: SEED + 200 + i }),
          ...fc.sample(rawFields, { numRuns: RAW_FIELDS_PER_CALLER, seed: SEED + 300 + i }),
          ...(route.method === 'POST' ? fc.sample(malformedMultipart(), { numRuns: MULTIPART_PER_CALLER, seed: SEED + 400 + i }) : []),
        ];
        // The session's hourly touch happens now, not inside the snapshots.
        await caller.b.authId();
        const before = route.ours ? await snapshotDatabase(h.database) : null;
        for (const input of inputs) {
          const a = await request(caller.b, route, input);
          sent++;
          const e = a.body;
          const errorObject = typeof e.code === 'string' && typeof e.message === 'string' && e.status === a.status;
          const multipart = typeof input !== 'string';
          const fine = !route.ours
            ? a.status < 500
            : a.status >= 400 && a.status < 500
              ? errorObject
              : Boolean(route.redirects) && !multipart && a.status === 303;
          if (!fine)
            failures.push({
              caller: caller.label,
              input: JSON.stringify(input).slice(0, 200),
              status: a.status,
              answer: JSON.stringify(e).slice(0, 200),
            });
        }
        if (before)
          changes.push(...databaseDiff(before, await snapshotDatabase(h.database)).map((l) => `${caller.label}: ${l.slice(0, 300)}`));
      }
      expect(
        { failures: failures.slice(0, 10), rowsChanged: changes.slice(0, 10) },
        `${failures.length} of ${sent} answers to ${route.method} ${route.path} were wrong; ${changes.length} rows changed`,
      ).toEqual({ failures: [], rowsChanged: [] });
    },
    120_000,
  );
});
