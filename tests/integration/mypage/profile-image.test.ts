import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_IMAGE_MAX_BYTES } from '#domain/validation/profile-image.ts';
import { accountProfileImages } from '#server/db/schema.ts';
import { createHarness } from '../app-harness.ts';
import { browser, countRows, type Harness } from '../identity/support.ts';
import { KAEDE, kaedeDoc, MORI, moriDoc, SORA, signedInMember, soraDoc } from './profile-support.ts';

// POST /zapi/account/profile-image, the picture's address, the account header's profileImageUrl
// and the page /mypage/profile/edit (issue 8): only where the store's profileImage flag is on.

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await h.apply(soraDoc());
  await h.apply(moriDoc());
  await h.apply(kaedeDoc());
});
afterAll(() => h.close());

/** A 2 x 2 red PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4IScHRAwQCgAfJgQRoo8irwAAAABJRU5ErkJggg==';
const PNG = `data:image/png;base64,${PNG_BASE64}`;
const JPEG_START = '/9j/4AAQSkZJRgABAQ==';
const sora = () => signedInMember(h, SORA, 'sora', {});
const header = async (b: Awaited<ReturnType<typeof sora>>['b']) => (await b.get('/zapi/internal/account-header/screen-data')).body;

describe('POST /zapi/account/profile-image', () => {
  it('saves the picture, serves it at its own address, and the header and page answer that address', async () => {
    const m = await sora();
    expect((await m.b.screen('/mypage/profile/edit')).body).toEqual({ profileImageUrl: null });
    expect((await header(m.b)).profileImageUrl).toBeNull();
    const a = await m.b.post('/zapi/account/profile-image', { profileImage: PNG });
    expect(a.status).toBe(200);
    const url = a.body.profileImageUrl as string;
    expect(url).toMatch(/^\/zapi\/account\/profile-image\/[A-Za-z0-9_-]{22}$/);
    const res = await h.app.request(url, { headers: { host: SORA } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer()).toString('base64')).toBe(PNG_BASE64);
    expect((await header(m.b)).profileImageUrl).toBe(url);
    expect((await m.b.screen('/mypage/profile/edit')).body).toEqual({ profileImageUrl: url });
  });

  it('gives a new picture a new address (the old one is gone), and null removes it', async () => {
    const m = await sora();
    const first = (await m.b.post('/zapi/account/profile-image', { profileImage: PNG })).body.profileImageUrl as string;
    const second = (await m.b.post('/zapi/account/profile-image', { profileImage: `data:image/jpeg;base64,${JPEG_START}` })).body
      .profileImageUrl as string;
    expect(second).not.toBe(first);
    expect((await m.b.get(first)).status).toBe(404);
    expect((await m.b.get(second)).headers.get('content-type')).toBe('image/jpeg');
    const removed = await m.b.post('/zapi/account/profile-image', { profileImage: null });
    expect(removed.body).toEqual({ profileImageUrl: null });
    expect((await m.b.get(second)).status).toBe(404);
    expect((await header(m.b)).profileImageUrl).toBeNull();
  });

  it('refuses what is not a JPEG, PNG or GIF data URL, or too large, and saves nothing', async () => {
    const m = await sora();
    const before = await countRows(h, accountProfileImages);
    const tooLarge = `data:image/jpeg;base64,${Buffer.alloc(PROFILE_IMAGE_MAX_BYTES + 3, 0xff).toString('base64')}`;
    const cases: [unknown, string][] = [
      ['data:text/html;base64,PGgxPmhpPC9oMT4=', 'profileImage.invalid'],
      ['data:image/svg+xml;base64,PHN2Zy8+', 'profileImage.invalid'],
      ['https://example.jp/me.png', 'profileImage.invalid'],
      [`data:image/png;base64,${JPEG_START}`, 'profileImage.invalid'],
      [`data:image/gif;base64,${PNG_BASE64}`, 'profileImage.invalid'],
      ['data:image/png;base64,not base64!', 'profileImage.invalid'],
      [42, 'profileImage.invalid'],
      [tooLarge, 'profileImage.tooLarge'],
    ];
    for (const [profileImage, kind] of cases) {
      const a = await m.b.post('/zapi/account/profile-image', { profileImage });
      expect(a.status, String(profileImage).slice(0, 40)).toBe(400);
      expect(a.body.code).toBe('VALIDATION_FAILED');
      expect(a.body.fields.profileImage).toBe(
        kind === 'profileImage.tooLarge' ? '画像のサイズが大きすぎます。' : 'JPEG、PNG、GIF形式の画像を選択してください。',
      );
    }
    expect((await m.b.post('/zapi/account/profile-image', {})).status).toBe(400);
    expect(await countRows(h, accountProfileImages)).toBe(before);
  });

  it('answers a guest 401', async () => {
    const a = await browser(h, SORA).post('/zapi/account/profile-image', { profileImage: PNG });
    expect(a.status).toBe(401);
    expect((await browser(h, SORA).screen('/mypage/profile/edit')).body).toEqual({
      redirectTo: '/login?redirectTo=%2Fmypage%2Fprofile%2Fedit',
    });
    expect((await browser(h, SORA).get('/zapi/internal/account-header/screen-data')).body).toEqual({ authId: '', profileImageUrl: null });
  });

  it("keeps each store's pictures to itself: another store's address and member get nothing", async () => {
    const m = await sora();
    const url = (await m.b.post('/zapi/account/profile-image', { profileImage: PNG })).body.profileImageUrl as string;
    const elsewhere = browser(h, KAEDE);
    expect((await elsewhere.get(url)).status).toBe(404);
    elsewhere.jar.set('sid', m.b.jar.get('sid') ?? '');
    expect((await elsewhere.post('/zapi/account/profile-image', { profileImage: null })).status).toBe(401);
    expect((await m.b.get(url)).status).toBe(200);
  });
});

describe('a store without profile images (flag off)', () => {
  it('answers 404 to the page, the call and any picture address, and the header has none', async () => {
    const m = await signedInMember(h, MORI, 'mori', {});
    const screen = await m.b.screen('/mypage/profile/edit');
    expect(screen.status).toBe(404);
    const call = await m.b.post('/zapi/account/profile-image', { profileImage: PNG });
    expect(call.status).toBe(404);
    expect(call.body.code).toBe('NOT_FOUND');
    expect((await m.b.get('/zapi/account/profile-image/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await browser(h, MORI).post('/zapi/account/profile-image', { profileImage: PNG })).status).toBe(404);
    expect((await header(m.b)).profileImageUrl).toBeNull();
  });
});
