import { describe, expect, it } from 'vitest';
import { jobScope, NO_CLIENT } from './scope.ts';

describe('jobScope', () => {
  it('is the scope of work no request carries: the store, its origin, the language, and no client', () => {
    const store = { storeId: 'alpha' } as never;
    expect(jobScope(store, { origin: 'https://alpha.example', lang: 'en', label: 'job:42' })).toEqual({
      store,
      origin: 'https://alpha.example',
      lang: 'en',
      clientIp: NO_CLIENT,
      userAgent: undefined,
      requestId: 'job:42',
    });
  });
});
