/**
 * What the My Page, payment-method and purchase specs share: a member of any store document
 * signed up through the sign-up calls in the page's own context (the sign-up pages have their own
 * specs), the newest code mailed to an address (the store's outbox data), and a store document
 * applied to the running server with the store CLI, as an admin would.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publicStoreSettings } from '#config-schema/public-settings.ts';
import { type StoreSettingsInput, storeSettings } from '#config-schema/store-settings.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';
import { validSignupForm } from '../../helpers/call-seeds.ts';
import { expect, type Page } from '../fixtures.ts';
import { randomSuffix, uniqueEmail } from '../identity/support.ts';
import { getAsHost, ROOT } from '../server-process.ts';
import { tenantFile } from '../tenants.ts';

type Json = Record<string, unknown>;
export type StoreUrl = (storeId: string, path?: string) => string;
export type Member = { email: string; password: string | null };

export function demoDocument(storeId: string): StoreSettingsInput {
  return JSON.parse(readFileSync(tenantFile(storeId), 'utf8')) as StoreSettingsInput;
}

function storeOf(doc: StoreSettingsInput): StoreContext {
  const settings = storeSettings.parse(doc);
  return { storeId: settings.storeId, revision: 1, settings, publicSettings: publicStoreSettings.parse(settings) } as StoreContext;
}

/** A call made by the page itself (the test process cannot resolve *.localhost; the browser does). */
export function callInPage(page: Page, path: string, data?: Json, method = 'POST'): Promise<{ status: number; body: string }> {
  return page.evaluate(
    async ({ path, data, method }) => {
      const init: RequestInit = data
        ? { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(data) }
        : { headers: { accept: 'application/json' } };
      const res = await fetch(path, init);
      return { status: res.status, body: await res.text() };
    },
    { path, data, method },
  );
}

/**
 * Puts `page` on a blank document of the store's origin without asking the server: the calls the
 * page then makes are same-origin, as a page of the store makes them, with no page to load first
 * (the licence page used before is 950 kB; a JSON or image address makes Chromium ask for
 * /favicon.ico, a 404 the console guard would count).
 */
export async function onStoreOrigin(page: Page, storeUrl: StoreUrl, storeId: string): Promise<void> {
  const blank = storeUrl(storeId, '/__e2e-blank');
  await page.route(blank, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>e2e</title><link rel="icon" href="data:,">' }),
  );
  await page.goto(blank);
}

/** The code of the newest code mail to `email` that is not one of `seen`, read from the store's outbox data. */
export async function newestCode(page: Page, email: string, seen: readonly string[] = []): Promise<string> {
  let code = '';
  await expect(async () => {
    const res = await callInPage(page, '/zapi/internal/dev/outbox/screen-data');
    const mails = (JSON.parse(res.body) as { mails: { to: string; kind: string; text: string }[] }).mails;
    const mail = mails.find((m) => m.to.includes(email) && m.kind === 'authCode');
    code = /(?<!\d)\d{6}(?!\d)/.exec(mail?.text ?? '')?.[0] ?? '';
    expect(code, `a new code mail to ${email}`).not.toBe('');
    expect(seen).not.toContain(code);
  }).toPass({ timeout: 10_000 });
  return code;
}

/**
 * Signs a newcomer up on the store of `doc` with the sign-up calls, made from an address of the
 * store's origin (so the page's context is signed in afterwards). The password is the store's kind of
 * valid one, or none when the store has no passwords. `email` signs a given address up (again,
 * after a withdrawal: `seen` then names the codes already mailed to it); a code asked for less
 * than 30 s after the last one is waited for, as the page would.
 */
export async function signUpMember(
  page: Page,
  storeUrl: StoreUrl,
  doc: StoreSettingsInput,
  options: { email?: string; seen?: readonly string[] } = {},
): Promise<Member> {
  const store = storeOf(doc);
  const email = options.email ?? uniqueEmail(`matrix-${store.storeId}`);
  await onStoreOrigin(page, storeUrl, store.storeId);
  const post = async (path: string, data: Json) => {
    let res = await callInPage(page, path, data);
    if (res.status === 429) {
      const wait = (JSON.parse(res.body) as { retryAfterSeconds?: number }).retryAfterSeconds ?? 30;
      await page.waitForTimeout(wait * 1000 + 500);
      res = await callInPage(page, path, data);
    }
    expect(res.status, `${path}: ${res.body}`).toBe(200);
  };
  const consent = store.settings.policies.map((p) => ({ policyId: p.policyId, revision: p.revision, agreed: true }));
  // The policy step comes first or after the code, as the store orders its sign-up.
  const first = store.settings.signupPolicyFirst;
  if (first) await post('/zapi/signup/policy', { policyConsentData: consent });
  await post('/zapi/signup/email', { type: 'signUp', email });
  await post('/zapi/signup/pin-code', { pinCode: await newestCode(page, email, options.seen) });
  if (!first) await post('/zapi/signup/policy', { policyConsentData: consent });
  const form = validSignupForm(store);
  // The store's own questions answered (a required one may not be left empty).
  form.customAssociatedInfo = store.settings.signupFields.customAssociatedInfo.map((d) => ({
    id: d.id,
    value:
      d.type === 'TEXT' ? 'テスト' : d.type === 'SELECT' ? (d.selectOptions[0]?.id ?? '') : d.selectOptions.slice(0, 1).map((o) => o.id),
  }));
  if ('userId' in form) form.userId = `e2e${randomSuffix(8)}`;
  await post('/zapi/signup', form);
  return { email, password: typeof form.password === 'string' ? form.password : null };
}

/** A newcomer of the demo store `storeId` signed up by calls (signUpMember on its tenants/ document). */
export function signUpByCalls(page: Page, storeUrl: StoreUrl, storeId: string, options?: { email?: string; seen?: readonly string[] }) {
  return signUpMember(page, storeUrl, demoDocument(storeId), options);
}

/** `npm run store -- apply <doc>` against the running server's PGlite, as a store admin applies one. */
export async function applyStore(dataDir: string, doc: StoreSettingsInput): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-store-'));
  const file = join(dir, `${doc.storeId}.json`);
  writeFileSync(file, JSON.stringify(doc, null, 2));
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  try {
    const result = await new Promise<{ code: number; output: string }>((done) => {
      execFile(
        process.execPath,
        ['scripts/store.ts', 'apply', file],
        { cwd: ROOT, env: { ...inherited, DATA_DIR: dataDir, LOG_LEVEL: 'silent' } },
        (err, stdout, stderr) => done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, output: `${stdout}${stderr}` }),
      );
    });
    expect(result.code, result.output).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Waits until the running server answers the store's root data with `check` true (settings are picked up live). */
export async function waitForStore(port: number, host: string, check: (rootData: Json) => boolean): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await getAsHost(port, host, '/zapi/internal/root/screen-data');
        if (res.status !== 200) return false;
        return check(JSON.parse(res.body.toString('utf8')) as Json);
      },
      { timeout: 15_000, intervals: [100, 250, 500] },
    )
    .toBe(true);
}
