// The card-number scan of the e2e run (tests/helpers/card-scan.ts) can fail: a number planted in a
// store's row or in the log is found, with or without separators; a clean database passes; a scan
// that did not run or read nothing fails.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardScanVerdict, findCardNumbers, scanStoreSide } from '../helpers/card-scan.ts';
import { tenantDoc } from '../helpers/tenant-factory.ts';
import { createHarness } from './app-harness.ts';
import type { Harness } from './identity/support.ts';
import { createFakeGateway } from './purchase/fake-gateway.ts';

let h: Harness;
const dir = mkdtempSync(join(tmpdir(), 'card-scan-'));
const log = join(dir, 'server.log');

beforeAll(async () => {
  h = await createHarness({}, undefined, { gateway: createFakeGateway().gateway });
  await h.apply(tenantDoc('clean', { hosts: ['clean.test.localhost'] }));
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the card-number scan', () => {
  it('finds the numbers written with spaces, hyphens or none, and nothing in other digits', () => {
    const text = 'a 4111 1111 1111 1111 b 4000-0000-0000-3220 c 378282246310005 d 94111111111111119 e 4111111111111112';
    expect(findCardNumbers(text, 'x').map((f) => f.number)).toEqual(['4111111111111111', '378282246310005', '4000000000003220']);
  });

  it('a clean database and log pass', async () => {
    writeFileSync(log, '{"level":"info","msg":"card registered","last4":"1111"}\n');
    const scan = await scanStoreSide(h.database, log);
    expect(scan.found).toEqual([]);
    expect(scan.rows).toBeGreaterThan(0);
    expect(cardScanVerdict(JSON.stringify(scan)).passed).toBe(true);
  });

  it('a number planted in a store row and one in the log fail it', async () => {
    await h.apply(tenantDoc('planted', { hosts: ['planted.test.localhost'], serviceName: 'カード 4111-1111-1111-1111' }));
    writeFileSync(log, '{"level":"info","body":{"cardNumber":"5555555555554444"}}\n');
    const scan = await scanStoreSide(h.database, log);
    expect(scan.found.map((f) => [f.number, f.where.startsWith('planted ') || f.where === log])).toEqual(
      expect.arrayContaining([
        ['4111111111111111', true],
        ['5555555555554444', true],
      ]),
    );
    const verdict = cardScanVerdict(JSON.stringify(scan));
    expect(verdict.passed).toBe(false);
    expect(verdict.message).toContain('4111111111111111');
  });

  it('a scan that did not run, failed or read no rows fails', () => {
    expect(cardScanVerdict(null).passed).toBe(false);
    expect(cardScanVerdict(JSON.stringify({ ok: false, error: 'locked' })).passed).toBe(false);
    expect(cardScanVerdict(JSON.stringify({ ok: true, rows: 0, logBytes: 0, found: [] })).passed).toBe(false);
  });
});
