import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '../app-harness.ts';
import { browser, type Harness, MINUTE, movableClock } from '../identity/support.ts';
import { createFakeGateway } from '../purchase/fake-gateway.ts';
import { buy, KAEDE, kaedeDoc, memberWithCard } from '../purchase/support.ts';

// Issue 20.6 (decision 0046): playback answers a stream that exists, My Page lists what the member
// may watch, and the player page is a member's page.

const clock = movableClock();
const fake = createFakeGateway();
let h: Harness;

beforeAll(async () => {
  h = await createHarness({}, clock.now, { gateway: fake.gateway });
  await h.apply(kaedeDoc());
});
afterAll(() => h.close());

async function fetchFile(path: string) {
  const res = await h.app.request(path, { headers: { host: KAEDE } });
  return { status: res.status, type: res.headers.get('content-type'), body: new Uint8Array(await res.arrayBuffer()) };
}

describe('the test stream', () => {
  it('playback answers a stream that is served, with the HLS content types, down to its segments', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede');
    await buy(m.b, 'buy', { paymentMethodId: m.methodId });
    const playback = await m.b.post('/api/streaks/playback/fetch', { refId: 'movie' });
    expect(playback.status).toBe(200);
    const master = await fetchFile(playback.body.streamUrl);
    expect(master).toMatchObject({ status: 200, type: 'application/vnd.apple.mpegurl' });
    const masterText = new TextDecoder().decode(master.body);
    expect(masterText).toMatch(/^#EXTM3U/);
    expect(masterText).toContain('CODECS="avc1.42c01e"');
    const base = playback.body.streamUrl.replace(/[^/]+$/, '');
    const variant = masterText.split('\n').find((l) => l.endsWith('.m3u8')) as string;
    const media = await fetchFile(base + variant);
    expect(media).toMatchObject({ status: 200, type: 'application/vnd.apple.mpegurl' });
    const mediaText = new TextDecoder().decode(media.body);
    expect(mediaText).toContain('#EXT-X-ENDLIST');
    const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(mediaText)?.[1] as string;
    const initFile = await fetchFile(base + init);
    expect(initFile).toMatchObject({ status: 200, type: 'video/mp4' });
    expect(new TextDecoder().decode(initFile.body.slice(4, 8))).toBe('ftyp');
    const segments = mediaText.split('\n').filter((l) => l.endsWith('.m4s'));
    expect(segments.length).toBeGreaterThan(0);
    for (const s of segments) {
      const seg = await fetchFile(base + s);
      expect(seg.status).toBe(200);
      expect(seg.type).toBe('video/iso.segment');
      expect(seg.body.length).toBeGreaterThan(1000);
    }
  });

  it('serves nothing else under /media/test', async () => {
    expect((await fetchFile('/media/test/missing.m3u8')).status).toBe(404);
    expect((await fetchFile('/media/test/..%2F..%2Fpackage.json')).status).toBe(404);
    expect((await fetchFile('/media/test/make-test-stream.sh')).status).toBe(404);
  });
});

describe('what the member may watch (My Page)', () => {
  it('lists purchases, rentals with the time left, and subscription titles; a rental leaves the list when its window ends', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede');
    expect((await m.b.screen('/mypage')).body.watchable).toEqual([]);
    for (const planId of ['trial', 'rental', 'buy']) {
      const { purchase } = await buy(m.b, planId, { paymentMethodId: m.methodId });
      expect(purchase?.status, planId).toBe(200);
    }
    const top = await m.b.screen('/mypage');
    expect(top.status).toBe(200);
    expect(top.body.watchable).toEqual([
      { planId: 'buy', planName: '購入', planType: 'purchase', expiresAt: null, minutesLeft: null, titles: ['movie'] },
      {
        planId: 'rental',
        planName: 'レンタル',
        planType: 'rental',
        expiresAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        minutesLeft: 2 * 24 * 60,
        titles: ['rent1'],
      },
      { planId: 'trial', planName: 'お試し月額', planType: 'subscription', expiresAt: null, minutesLeft: null, titles: ['ep1'] },
    ]);
    const en = await m.b.screen('/mypage', { 'accept-language': 'en', cookie: `${m.b.jar.header()}; lang=en` });
    expect(en.body.watchable.map((e: { planName: string }) => e.planName)).toContain('Trial monthly');
    for (const refId of ['movie', 'rent1', 'ep1']) expect((await m.b.post('/api/streaks/playback/fetch', { refId })).status).toBe(200);

    clock.advance(2 * 24 * 60 * MINUTE + MINUTE);
    const later = await m.b.screen('/mypage');
    expect(later.body.watchable.map((e: { planId: string }) => e.planId)).toEqual(['buy', 'trial']);
    const refused = await m.b.post('/api/streaks/playback/fetch', { refId: 'rent1' });
    expect(refused.body).toMatchObject({ status: 403, code: 'NOT_ENTITLED', message: 'この作品を視聴する権利がありません。' });
  });

  it("lists nothing of another member's", async () => {
    const a = await memberWithCard(h, KAEDE, 'kaede');
    await buy(a.b, 'buy', { paymentMethodId: a.methodId });
    const b = await memberWithCard(h, KAEDE, 'kaede');
    expect((await b.b.screen('/mypage')).body.watchable).toEqual([]);
    expect((await b.b.post('/api/streaks/playback/fetch', { refId: 'movie' })).body.code).toBe('NOT_ENTITLED');
  });
});

describe('the player page', () => {
  it('sends a guest to log in and back, gives a member the title, and knows no malformed title', async () => {
    const guest = await browser(h, KAEDE).screen('/mypage/watch/movie');
    expect(guest.body.redirectTo).toBe('/login?redirectTo=%2Fmypage%2Fwatch%2Fmovie');
    const m = await memberWithCard(h, KAEDE, 'kaede');
    expect((await m.b.screen('/mypage/watch/movie')).body).toEqual({ refId: 'movie' });
    expect((await m.b.screen('/mypage/watch/bad%20id')).status).toBe(404);
  });
});
