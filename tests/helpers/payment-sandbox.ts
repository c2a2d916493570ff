// The sandbox payment provider for integration tests: started on port 0 with a temporary data
// folder, with the store's adapter pointed at it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '#server/db/client.ts';
import type { PaymentGateway } from '#server/platform/payments/gateway.ts';
import { createSandboxGateway, type SandboxGatewayOptions } from '#server/platform/payments/sandbox-gateway.ts';
import { type RunningSandbox, startPaymentSandbox } from '../../payment-sandbox/server.ts';
import { RESULT_FIELDS } from '../../payment-sandbox/signing.ts';
import { snapshotDatabase } from './db-snapshot.ts';

export type TestSandbox = {
  /** The adapter over the started sandbox (timeouts shortened for tests). */
  gateway: PaymentGateway;
  /** The sandbox's origin (browser and server alike here). */
  origin: string;
  secret: string;
  dataDir: string;
  /** The running provider: its state (cards, charges) and test faults. */
  sandbox: RunningSandbox;
  /** Another adapter over the same sandbox (e.g. other timeouts or a counting fetch). */
  adapter(opts?: Partial<SandboxGatewayOptions>): PaymentGateway;
  /** Stops and starts the provider over the same data folder (state must survive). */
  restart(): Promise<void>;
  close(): Promise<void>;
};

export async function startTestSandbox(opts: { now?: () => Date; gateway?: Partial<SandboxGatewayOptions> } = {}): Promise<TestSandbox> {
  const dataDir = mkdtempSync(join(tmpdir(), 'payment-sandbox-'));
  const secret = 'test-sandbox-secret-0123456789abcdef';
  const start = (port: number) => startPaymentSandbox({ port, host: '127.0.0.1', dataDir, secret, now: opts.now, unref: true });
  let sandbox = await start(0);
  const adapter = (o: Partial<SandboxGatewayOptions> = {}) =>
    createSandboxGateway({
      apiUrl: sandbox.url,
      publicUrl: sandbox.publicUrl,
      secret,
      timeoutMs: 2_000,
      retries: 2,
      backoffMs: 10,
      ...opts.gateway,
      ...o,
    });
  const self: TestSandbox = {
    gateway: adapter(),
    origin: sandbox.publicUrl,
    secret,
    dataDir,
    sandbox,
    adapter,
    async restart() {
      const port = sandbox.port;
      await sandbox.close();
      sandbox = await start(port);
      self.sandbox = sandbox;
    },
    async close() {
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return self;
}

export type TestCardInput = { cardNumber: string; expiryYear?: string; expiryMonth?: string; securityCode?: string };

/**
 * What the browser's tokenisation script does: posts the card to the provider's origin (never to
 * the store) and returns its answer: tokens, or `{ ok: false, code }` with a 5-character code.
 */
export async function browserToken(
  gateway: PaymentGateway,
  storeId: string,
  card: TestCardInput,
): Promise<{ ok: true; token: string; tokenKey: string; tds2infoToken: string; tds2infoTokenKey: string } | { ok: false; code: string }> {
  const cfg = gateway.browserConfig(storeId);
  const res = await fetch(`${cfg.origin}/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://store.localhost' },
    body: JSON.stringify({
      merchantId: cfg.merchantId,
      serviceId: cfg.serviceId,
      expiryYear: String(new Date().getUTCFullYear() + 2),
      expiryMonth: '12',
      securityCode: card.cardNumber.replace(/\D/g, '').length === 15 ? '1234' : '123',
      ...card,
    }),
  });
  return res.json();
}

/** Where the provider sends the viewer back: the store's returnUrl and the signed result's fields (its query). */
export function returnedTo(location: string | null): { returnUrl: string; fields: Record<string, string> } {
  if (!location) throw new Error('the provider did not send the viewer back');
  const url = new URL(location);
  const fields: Record<string, string> = {};
  for (const k of [...RESULT_FIELDS, 'signature']) {
    const v = url.searchParams.get(k);
    if (v !== null) fields[k] = v;
    url.searchParams.delete(k);
  }
  return { returnUrl: url.toString(), fields };
}

/** A viewer on the redirect page (carrier billing, PayPal) pressing Approve, Cancel or Fail. */
export async function decideRedirect(redirect: { url: string; params: Record<string, string> }, decision: 'approve' | 'cancel' | 'fail') {
  const url = new URL(redirect.url);
  const res = await fetch(`${url.origin}/v1/redirect/decide`, {
    method: 'POST',
    body: new URLSearchParams({ ...redirect.params, decision }),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

/** A viewer on the 3-D Secure challenge page: entering a one-time password, or cancelling / failing. */
export async function answerChallenge(
  redirect: { url: string; params: Record<string, string> },
  answer: { otp: string } | 'cancel' | 'fail',
) {
  const url = new URL(redirect.url);
  const body =
    typeof answer === 'string' ? { ...redirect.params, action: answer } : { ...redirect.params, action: 'submit', otp: answer.otp };
  const res = await fetch(`${url.origin}/v1/challenge/submit`, { method: 'POST', body: new URLSearchParams(body), redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

/** A regular expression that finds a card number written with any grouping (spaces, hyphens, none). */
export function cardNumberPattern(number: string): RegExp {
  return new RegExp(number.replace(/\D/g, '').split('').join('[\\s-]*'));
}

/**
 * Where card numbers appear on the store's side: its log lines and every row of its database
 * (read through the administrator connection, all stores). [] when nowhere.
 */
export async function cardNumberTraces(store: { logLines: string[]; database: Database }, numbers: string[]): Promise<string[]> {
  const snapshot = await snapshotDatabase(store.database);
  const found: string[] = [];
  for (const number of numbers) {
    const pattern = cardNumberPattern(number);
    for (const line of store.logLines) if (pattern.test(line)) found.push(`log: ${line}`);
    for (const [storeId, tables] of snapshot.byStore) {
      for (const [table, rows] of tables) for (const row of rows) if (pattern.test(row)) found.push(`db ${storeId} ${table}: ${row}`);
    }
  }
  return found;
}
