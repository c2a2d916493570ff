import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/test-db.ts';
import { loadSecret, SECRET_BYTES } from './secrets.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('loadSecret', () => {
  it('creates a 32-byte key on first use and returns the same key afterwards', async () => {
    const first = await loadSecret(database.db, 'test-a');
    expect(first.length).toBe(SECRET_BYTES);
    expect((await loadSecret(database.db, 'test-a')).equals(first)).toBe(true);
  });

  it('gives every caller the same key when several load it at once (as several processes would)', async () => {
    const keys = await Promise.all(Array.from({ length: 6 }, () => loadSecret(database.db, 'test-b')));
    expect(new Set(keys.map((k) => k.toString('hex'))).size).toBe(1);
  });

  it('keeps separate keys for separate names', async () => {
    const a = await loadSecret(database.db, 'test-c');
    const b = await loadSecret(database.db, 'test-d');
    expect(a.equals(b)).toBe(false);
  });
});
