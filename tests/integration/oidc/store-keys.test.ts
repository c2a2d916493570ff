import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeAdminOver } from '#server/platform/stores/admin.ts';
import { parseCommand } from '../../../scripts/store/args.ts';
import { oidcKeysRotateCommand } from '../../../scripts/store/oidc-keys.ts';
import { createHarness } from '../app-harness.ts';
import { type Harness, PROVIDER_ENV, providerStore } from './support.ts';

// The store tool's key rotation, over the harness's database as the tool opens it: the running
// app sees the new key after the revision bump (the harness invalidates as the watcher would).

const HOST = 'kagi.test.localhost';
let h: Harness;

beforeAll(async () => {
  h = await createHarness(PROVIDER_ENV);
  await h.apply(providerStore('kagi'));
});
afterAll(() => h.close());

const kids = async () => ((await (await h.get('/oidc/jwks', HOST)).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid);

describe('npm run store -- oidc-keys rotate', () => {
  it('parses only `rotate <storeId>`', () => {
    expect(parseCommand(['oidc-keys', 'rotate', 'kagi'])).toEqual({ ok: true, command: { name: 'oidc-keys-rotate', storeId: 'kagi' } });
    expect(parseCommand(['oidc-keys', 'list', 'kagi']).ok).toBe(false);
    expect(parseCommand(['oidc-keys', 'rotate']).ok).toBe(false);
  });

  it('adds a signing key, keeps the old one published and bumps the revision', async () => {
    expect(await kids()).toEqual(['initial']);
    const before = (await h.repo.revisions()).get('kagi') ?? 0;
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    const code = await oidcKeysRotateCommand('kagi', io, (fn) => fn(storeAdminOver(h.database.db)));
    expect(code).toBe(0);
    expect((await h.repo.revisions()).get('kagi')).toBe(before + 1);
    h.storeCache.invalidate('kagi');
    const after = await kids();
    expect(after).toHaveLength(2);
    expect(after[1]).toBe('initial');
    expect(lines[0]).toContain(after[0]);
  });

  it('refuses an unknown store', async () => {
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    expect(await oidcKeysRotateCommand('nowhere', io, (fn) => fn(storeAdminOver(h.database.db)))).toBe(1);
    expect(lines.join('\n')).toContain('unknown store nowhere');
  });
});
