// Hono is patched (patches/, decision 0057) so that `c.var` is one object per set of values
// instead of a copy of every variable on each read; a `set()` gives the next read a new object.
import { Hono } from 'hono';
import { expect, it } from 'vitest';

it('answers the same c.var until a value is set, then one with the new value, the old one unchanged', async () => {
  const app = new Hono<{ Variables: { lang: string; requestId: string } }>();
  const seen: Record<string, unknown> = {};
  app.get('/', (c) => {
    c.set('lang', 'ja');
    c.set('requestId', 'r1');
    const first = c.var;
    seen.sameUntilSet = first === c.var;
    c.set('lang', 'en');
    const second = c.var;
    seen.newAfterSet = first !== second;
    seen.values = { first: { ...first }, second: { ...second } };
    return c.text('ok');
  });
  expect((await app.request('/')).status).toBe(200);
  expect(seen).toEqual({
    sameUntilSet: true,
    newAfterSet: true,
    values: { first: { lang: 'ja', requestId: 'r1' }, second: { lang: 'en', requestId: 'r1' } },
  });
});
