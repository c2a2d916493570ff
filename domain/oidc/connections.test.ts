import { describe, expect, it } from 'vitest';
import { latestPerClient } from './connections.ts';

describe('latestPerClient', () => {
  it('keeps the latest grant of each app, newest app first', () => {
    const g = (id: string, clientId: string, day: number) => ({ id, clientId, grantedAt: new Date(2026, 10, day) });
    expect(latestPerClient([g('1', 'tv', 1), g('2', 'web', 3), g('3', 'tv', 5)]).map((x) => x.id)).toEqual(['3', '2']);
    expect(latestPerClient([])).toEqual([]);
  });
});
