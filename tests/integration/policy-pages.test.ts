import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from './app-harness.ts';
import { browser, HIKARI, hikariDoc, MIDORI, midoriDoc } from './identity/support.ts';

// /terms and /privacy: the store's policy to read at any time (My Page's privacy consent screen
// links an internal privacy policy here). hikari: internal terms, external privacy; midori: none.

const h = await createHarness();
afterAll(() => h.close());

beforeAll(async () => {
  await h.apply(hikariDoc());
  await h.apply(midoriDoc());
});

describe('policy pages', () => {
  it('show an internal policy with its text and revision, to a guest', async () => {
    const answer = await browser(h, HIKARI).screen('/terms');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      policy: expect.objectContaining({ key: 'terms', title: '利用規約', isExternal: false, body: '第1条 この規約は…', revision: 1 }),
    });
  });

  it('give an external policy its address instead of a text', async () => {
    const answer = await browser(h, HIKARI).screen('/privacy');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      policy: expect.objectContaining({ key: 'privacy', isExternal: true, externalUrl: 'https://hikari.example.jp/privacy', body: '' }),
    });
  });

  it('answer 404 where the store has no such policy', async () => {
    for (const route of ['/terms', '/privacy']) {
      const answer = await browser(h, MIDORI).screen(route);
      expect(answer.status, route).toBe(404);
      expect(answer.body).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
