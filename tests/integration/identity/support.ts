// Shared pieces of the identity integration tests: a cookie jar, a browser-like client that
// POSTs JSON the way the pages do, two stores with different settings, readers of the mail the
// server sent (outbox rows or a real SMTP server), and a movable clock.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { SMTPServer } from 'smtp-server';
import type { StoreSettingsInput } from '#config-schema/store-settings.ts';
import { mailOutbox } from '#server/db/schema.ts';
import { inStore } from '#server/db/scope.ts';
import { createAccountRepo } from '#server/platform/accounts/repo.ts';
import { hashPassword } from '#server/platform/auth/passwords.ts';
import { type ReadMessage, readMime } from '#server/platform/mail/mime-reader.test-helper.ts';
import { tenantDoc } from '../../helpers/tenant-factory.ts';
import type { createHarness } from '../app-harness.ts';

export type Harness = Awaited<ReturnType<typeof createHarness>>;

// biome-ignore lint/suspicious/noExplicitAny: answers are JSON read field by field in assertions
export type Json = Record<string, any>;

/** A JSON answer with what a browser would notice of it. */
export type Answer = { status: number; body: Json; setCookies: string[]; headers: Headers };

// ---------------------------------------------------------------------------------------------
// Time

/** A clock the tests move; it ticks 1 ms per reading so rows written in one test keep their order. */
export function movableClock(start = new Date()) {
  let offset = 0;
  let tick = 0;
  return {
    now: () => new Date(start.getTime() + offset + tick++),
    advance(ms: number) {
      offset += ms;
    },
  };
}
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;

// ---------------------------------------------------------------------------------------------
// Cookies and requests

/** Keeps the cookies a browser would: set by Set-Cookie, removed by Max-Age=0, sent back as Cookie. */
class CookieJar {
  private readonly values = new Map<string, string>();

  absorb(res: Response): string[] {
    const lines = res.headers.getSetCookie();
    for (const line of lines) {
      const [pair = '', ...attrs] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age\s*=\s*0\s*$/i.test(a));
      if (expired) this.values.delete(name);
      else this.values.set(name, value);
    }
    return lines;
  }

  get(name: string): string | undefined {
    return this.values.get(name);
  }

  set(name: string, value: string) {
    this.values.set(name, value);
  }

  delete(name: string) {
    this.values.delete(name);
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  header(): string {
    return [...this.values].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** The Set-Cookie line for `name` in an answer, split into its attributes (lower-case names). */
export function cookieAttributes(setCookies: string[], name: string): Map<string, string> | null {
  const line = setCookies.find((l) => l.startsWith(`${name}=`));
  if (!line) return null;
  const [pair = '', ...attrs] = line.split(';');
  const out = new Map<string, string>([['value', pair.slice(name.length + 1)]]);
  for (const a of attrs) {
    const [k = '', ...v] = a.trim().split('=');
    out.set(k.toLowerCase(), v.join('='));
  }
  return out;
}

const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

async function answer(res: Response, jar: CookieJar): Promise<Answer> {
  const setCookies = jar.absorb(res);
  const text = await res.text();
  let body: Json = {};
  try {
    body = text ? (JSON.parse(text) as Json) : {};
  } catch {
    body = { raw: text };
  }
  return { status: res.status, body, setCookies, headers: res.headers };
}

let addresses = 0;

/**
 * One browser on one store: its own cookie jar, its own client address (the socket's, as the
 * server reads it without a trusted proxy), same-origin JSON POSTs (Origin and Sec-Fetch-Site as
 * a page sends them), GETs of screen data.
 */
export function browser(h: Harness, host: string, opts: { headers?: Record<string, string>; remoteAddress?: string } = {}) {
  const jar = new CookieJar();
  addresses++;
  // 198.18.0.0/15 (reserved for benchmarks): a distinct address for each of many browsers.
  const remoteAddress = opts.remoteAddress ?? `198.18.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
  const env = { incoming: { socket: { remoteAddress } } };
  const common = (): Record<string, string> => ({
    host,
    'user-agent': CHROME_ON_WINDOWS,
    ...opts.headers,
    ...(jar.header() ? { cookie: jar.header() } : {}),
  });
  return {
    host,
    jar,
    /** POST with a JSON body (a string is sent as it is). */
    async post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
      const res = await h.app.request(
        path,
        {
          method: 'POST',
          headers: {
            ...common(),
            origin: `http://${host}`,
            'sec-fetch-site': 'same-origin',
            'content-type': 'application/json',
            ...headers,
          },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        },
        env,
      );
      return answer(res, jar);
    },
    /** DELETE with a JSON body, as the page sends it (a string is sent as it is). */
    async delete(path: string, body: unknown): Promise<Answer> {
      const res = await h.app.request(
        path,
        {
          method: 'DELETE',
          headers: { ...common(), origin: `http://${host}`, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        },
        env,
      );
      return answer(res, jar);
    },
    async get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
      const res = await h.app.request(path, { headers: { ...common(), ...headers } }, env);
      return answer(res, jar);
    },
    /** GET /zapi/internal<route>/screen-data (route '/login', '/signup/form?x=1', ...). */
    screen(route: string, headers: Record<string, string> = {}): Promise<Answer> {
      const [path = '', query] = route.split('?');
      return this.get(`/zapi/internal${path === '/' ? '' : path}/screen-data${query ? `?${query}` : ''}`, headers);
    },
    /** The root data's authId: who the server thinks this browser is ('' for a guest). */
    async authId(): Promise<string> {
      const { body } = await this.get('/zapi/internal/root/screen-data');
      return body.authId as string;
    },
  };
}
export type Browser = ReturnType<typeof browser>;

/** The error object without its per-request id, for comparing two answers. */
export function withoutRequestId(body: Json): Json {
  const { requestId: _id, ...rest } = body;
  return rest;
}

// ---------------------------------------------------------------------------------------------
// Stores

export const HIKARI = 'hikari.test.localhost';
export const MIDORI = 'midori.test.localhost';
/** A second, non-local host of midori: cookies must be Secure there. */
export const MIDORI_PUBLIC = 'midori.example.jp';

export const HIKARI_PASSWORD = 'Hikari#2026ok';
export const MIDORI_PASSWORD = 'midori2026ok';

/** Both policies of hikari at their current revisions, agreed. */
export const HIKARI_CONSENT = [
  { policyId: 'terms', revision: 1, agreed: true },
  { policyId: 'privacy', revision: 2, agreed: true },
];

/**
 * hikari: user IDs on, name + sex + birthday required, strong passwords, the policy step first
 * (terms internal, privacy external), one plan on sale.
 */
export function hikariDoc(overrides: Partial<StoreSettingsInput> = {}): StoreSettingsInput {
  return tenantDoc('hikari', {
    hosts: [HIKARI],
    serviceName: 'ひかりビデオ',
    features: { userId: true },
    signupFields: { userId: 'REQUIRED', name: 'REQUIRED', sex: 'REQUIRED', birthday: 'REQUIRED' },
    passwordStrength: 'UPPER_CASE_SYMBOL',
    signupPolicyFirst: true,
    policies: [
      { key: 'terms', policyId: 'terms', revision: 1, title: { ja: '利用規約' }, body: { ja: '第1条 この規約は…' } },
      {
        key: 'privacy',
        policyId: 'privacy',
        revision: 2,
        title: { ja: 'プライバシーポリシー' },
        isExternal: true,
        externalUrl: 'https://hikari.example.jp/privacy',
      },
    ],
    plans: [{ planId: 'monthly', planType: 'subscription', planName: { ja: '月額見放題' }, price: 990 }],
    ...overrides,
  });
}

/** midori: the defaults, except the nickname is NOT_USE and the phone number OPTIONAL. */
export function midoriDoc(overrides: Partial<StoreSettingsInput> = {}): StoreSettingsInput {
  return tenantDoc('midori', {
    hosts: [MIDORI, MIDORI_PUBLIC],
    serviceName: 'みどりシネマ',
    signupFields: { nickname: 'NOT_USE', phoneNumber: 'OPTIONAL' },
    ...overrides,
  });
}

/** A complete, valid hikari sign-up form. */
export function hikariForm(userId: string, extra: Json = {}): Json {
  return {
    userId,
    name: '山田 太郎',
    sex: '1',
    birthday: '19900115',
    password: HIKARI_PASSWORD,
    passwordConfirm: HIKARI_PASSWORD,
    ...extra,
  };
}

export const midoriForm = (extra: Json = {}): Json => ({ password: MIDORI_PASSWORD, passwordConfirm: MIDORI_PASSWORD, ...extra });

/** A fresh address for one test, so tests never share accounts. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${randomUUID().slice(0, 8)}@example.jp`;
}

/** A fresh user ID (6-15 half-width alphanumerics). */
export function uniqueUserId(): string {
  return `u${randomUUID().replaceAll('-', '').slice(0, 10)}`;
}

// ---------------------------------------------------------------------------------------------
// Data

/** A member created straight in the database (for tests that are not about sign-up). */
export async function seedMember(h: Harness, storeId: string, input: { email: string; password?: string; userId?: string; at?: Date }) {
  return inStore(storeId, async () =>
    createAccountRepo(h.database.db).create({
      email: input.email,
      userId: input.userId ?? null,
      passwordHash: input.password ? await hashPassword(input.password) : null,
      at: input.at ?? new Date(),
    }),
  );
}

/** How many rows a table holds (optionally only those matching `where`). */
/**
 * Rows of a table, counted once the mail queued by earlier answers has gone out: a login code is
 * mailed after its answer, so an undrained count could take in an earlier request's mail mid-test.
 */
export async function countRows(h: Harness, table: PgTable, where?: SQL): Promise<number> {
  await h.drainMail();
  return h.database.admin.$count(table, where);
}

// ---------------------------------------------------------------------------------------------
// Mail

/** The mails sent to an address, newest first (every mail is recorded in mail_outbox). */
export async function mailsTo(h: Harness, to: string, kind?: string) {
  await h.drainMail();
  const where = kind ? and(eq(mailOutbox.to, to), eq(mailOutbox.kind, kind)) : eq(mailOutbox.to, to);
  return h.database.admin.select().from(mailOutbox).where(where).orderBy(desc(mailOutbox.createdAt));
}

/** The six digits of a code in a mail text. */
export function codeIn(text: string): string {
  const m = /(?<!\d)(\d{6})(?!\d)/.exec(text);
  if (!m?.[1]) throw new Error(`no code in mail: ${text}`);
  return m[1];
}

/** The code of the newest code mail to an address (outbox mode). */
export async function latestCode(h: Harness, to: string): Promise<string> {
  const [mail] = await mailsTo(h, to, 'authCode');
  if (!mail) throw new Error(`no code mail to ${to}`);
  return codeIn(mail.text);
}

/** The token of the newest reset link mailed to an address. */
export async function latestResetToken(h: Harness, to: string): Promise<string> {
  const [mail] = await mailsTo(h, to, 'passwordReset');
  const m = /\/password\/reset\?token=([^\s"<>&]+)/.exec(mail?.text ?? '');
  if (!m?.[1]) throw new Error(`no reset link mailed to ${to}`);
  return decodeURIComponent(m[1]);
}

type Received = { to: string[]; from: string; message: ReadMessage };

/** A real SMTP server on a loopback port that keeps what it receives. */
export async function startSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          message: readMime(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Messages received for an address, oldest first. */
    to: (address: string) => received.filter((r) => r.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---------------------------------------------------------------------------------------------
// Journeys

/**
 * The whole e-mail sign-up through the API: policy (when the store shows it first), e-mail,
 * the code from the mail, form. Returns the last answer (the form's).
 */
export async function signUp(
  b: Browser,
  email: string,
  form: Json,
  opts: { consent?: Json[]; readCode: (email: string) => Promise<string> },
): Promise<Answer> {
  if (opts.consent) expect200(await b.post('/zapi/signup/policy', { policyConsentData: opts.consent }));
  expect200(await b.post('/zapi/signup/email', { type: 'signUp', email }));
  expect200(await b.post('/zapi/signup/pin-code', { pinCode: await opts.readCode(email) }));
  return b.post('/zapi/signup', form);
}

/** Password login; returns the answer. */
export function loginWithPassword(b: Browser, emailUserId: string, password: string, extra: Json = {}) {
  return b.post('/login', { emailUserId, password, ...extra });
}

function expect200(a: Answer) {
  if (a.status !== 200) throw new Error(`expected 200, got ${a.status}: ${JSON.stringify(a.body)}`);
}
