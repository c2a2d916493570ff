import { describe, expect, it } from 'vitest';
import { createPageCache, type PageKeyParts } from './page-cache.ts';

const parts = (over: Partial<PageKeyParts> = {}): PageKeyParts => ({
  url: 'http://aozora.localhost/plans',
  storeId: 'aozora',
  revision: 3,
  root: { authId: '', lang: 'ja', browserInfo: { isApp: false } },
  screenData: { plans: [{ planId: 'p1', stock: 10 }] },
  ...over,
});
const page = (body: string) => ({ statusCode: 200, headers: [['content-type', 'text/html']] as Array<[string, string]>, body });

describe('page cache keys', () => {
  it('differ whenever an input of the page differs, and agree when none does', () => {
    const cache = createPageCache({ maxEntries: 10, maxBytes: 1e6 });
    const base = cache.key(parts());
    expect(cache.key(parts())).toBe(base);
    for (const changed of [
      parts({ url: 'http://aozora.localhost/plans?lang=en' }),
      parts({ url: 'http://kurenai.localhost/plans' }),
      parts({ storeId: 'kurenai' }),
      parts({ revision: 4 }),
      parts({ root: { authId: '', lang: 'en', browserInfo: { isApp: false } } }),
      parts({ root: { authId: '', lang: 'ja', browserInfo: { isApp: true } } }),
      parts({ screenData: { plans: [{ planId: 'p1', stock: 9 }] } }),
      parts({ screenData: undefined }),
    ]) {
      expect(cache.key(changed)).not.toBe(base);
    }
  });
});

describe('page cache entries', () => {
  it('give back the page with this response’s nonce and request id in every place the stored ones were', () => {
    const cache = createPageCache({ maxEntries: 10, maxBytes: 1e6 });
    const body = '<style nonce="N1">x</style><script nonce="N1">{"requestId":"R1"}</script><p>R1 N1</p>';
    cache.put('k', page(body), 'N1', 'R1');
    const hit = cache.get('k', 'N2', 'R2');
    expect(hit?.body).toBe('<style nonce="N2">x</style><script nonce="N2">{"requestId":"R2"}</script><p>R2 N2</p>');
    expect(hit?.statusCode).toBe(200);
    expect(cache.get('other', 'N2', 'R2')).toBeUndefined();
  });

  it('keep at most the given number of pages and bytes, dropping the least recently used', () => {
    const cache = createPageCache({ maxEntries: 2, maxBytes: 1e6 });
    cache.put('a', page('A'), 'n', 'r');
    cache.put('b', page('B'), 'n', 'r');
    expect(cache.get('a', 'n', 'r')?.body).toBe('A'); // a is now the most recent
    cache.put('c', page('C'), 'n', 'r');
    expect(cache.get('b', 'n', 'r')).toBeUndefined();
    expect(cache.get('a', 'n', 'r')?.body).toBe('A');
    expect(cache.sizes().entries).toBe(2);

    const small = createPageCache({ maxEntries: 100, maxBytes: 50 });
    small.put('x', page('x'.repeat(20)), 'n', 'r'); // 40 bytes
    small.put('y', page('y'.repeat(20)), 'n', 'r');
    expect(small.sizes()).toEqual({ entries: 1, bytes: 40 });
    expect(small.get('y', 'n', 'r')?.body).toBe('y'.repeat(20));
  });

  it('replace a page stored again under the same key without counting it twice', () => {
    const cache = createPageCache({ maxEntries: 10, maxBytes: 1e6 });
    cache.put('k', page('old'), 'n', 'r');
    cache.put('k', page('newer'), 'n', 'r');
    expect(cache.sizes()).toEqual({ entries: 1, bytes: 10 });
    expect(cache.get('k', 'n', 'r')?.body).toBe('newer');
  });
});
