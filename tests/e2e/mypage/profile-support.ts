/**
 * What the basic-information and profile-image specs share: a member signed up through the
 * sign-up calls in the browser's own context (the pages of the sign-up have their own specs), and
 * a picture made here to upload.
 */

import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { expect, type Page } from '../fixtures.ts';
import { newPassword, uniqueEmail } from '../identity/support.ts';
import { tenantFile } from '../tenants.ts';
import { onStoreOrigin } from './member-support.ts';

type Json = Record<string, unknown>;

/** A call made by the page itself (the test process cannot resolve *.localhost; the browser does). */
export function callInPage(page: Page, path: string, data?: Json): Promise<{ status: number; body: string }> {
  return page.evaluate(
    async ({ path, data }) => {
      const init: RequestInit = data
        ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(data) }
        : { headers: { accept: 'application/json' } };
      const res = await fetch(path, init);
      return { status: res.status, body: await res.text() };
    },
    { path, data },
  );
}

/** The code of the newest code mail to `email`, read from the store's outbox data. */
export async function outboxCode(page: Page, email: string): Promise<string> {
  let code = '';
  await expect(async () => {
    const res = await callInPage(page, '/zapi/internal/dev/outbox/screen-data');
    const mails = (JSON.parse(res.body) as { mails: { to: string; kind: string; text: string }[] }).mails;
    const mail = mails.find((m) => m.to.includes(email) && m.kind === 'authCode');
    code = /(?<!\d)\d{6}(?!\d)/.exec(mail?.text ?? '')?.[0] ?? '';
    expect(code, `a code mail to ${email}`).not.toBe('');
  }).toPass({ timeout: 10_000 });
  return code;
}

/**
 * Signs a newcomer up on `storeId` with the sign-up calls, made from a blank document of the
 * store's origin (onStoreOrigin; the page is signed in afterwards), with `profile` as the details form.
 */
export async function signUpByCalls(page: Page, storeUrl: (storeId: string, path?: string) => string, storeId: string, profile: Json) {
  const email = uniqueEmail(`mypage-${storeId}`);
  await onStoreOrigin(page, storeUrl, storeId);
  const post = async (path: string, data: Json) => {
    const res = await callInPage(page, path, data);
    expect(res.status, `${path}: ${res.body}`).toBe(200);
  };
  await post('/zapi/signup/email', { type: 'signUp', email });
  await post('/zapi/signup/pin-code', { pinCode: await outboxCode(page, email) });
  const tenant = JSON.parse(readFileSync(tenantFile(storeId), 'utf8')) as { policies: { policyId: string; revision: number }[] };
  await post('/zapi/signup/policy', {
    policyConsentData: tenant.policies.map((p) => ({ policyId: p.policyId, revision: p.revision, agreed: true })),
  });
  const password = newPassword('UPPER_CASE');
  await post('/zapi/signup', { ...profile, password, passwordConfirm: password });
  return { email };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/** A width x height PNG: the left half blue, the right half orange (so the crop can be seen). */
export function widePng(width: number, height: number): Buffer {
  const row = () =>
    Buffer.concat([
      Buffer.from([0]),
      ...Array.from({ length: width }, (_, x) => Buffer.from(x < width / 2 ? [20, 60, 200] : [240, 140, 20])),
    ]);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.concat(Array.from({ length: height }, () => row()));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
