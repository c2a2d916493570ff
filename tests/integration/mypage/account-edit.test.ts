import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '../app-harness.ts';
import { browser, type Harness, type Json } from '../identity/support.ts';
import { MORI, moriDoc, SORA, signedInMember, soraDoc, storedProfile } from './profile-support.ts';

// POST /zapi/account/edit and the pages /mypage/edit, /mypage/edit/complete (issue 8): the store's
// registration fields, validated by the sign-up's rules, saved into the stored profile.

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await h.apply(soraDoc());
  await h.apply(moriDoc());
});
afterAll(() => h.close());

const SORA_PROFILE = {
  name: '空 太郎',
  nameKana: null,
  nickname: null,
  sex: 1,
  birthday: '19900115',
  phoneNumber: null,
  message: 'よろしく',
};
const soraMember = () => signedInMember(h, SORA, 'sora', SORA_PROFILE, `sora${Math.random().toString(36).slice(2, 9)}`);

/** A complete sora edit: every field the form holds. */
const soraEdit = (info: Json = {}): Json => ({
  optionalInfo: { name: '空 花子', nameKana: 'ソラ ハナコ', nickname: ' はな ', sex: 2, birthday: '1992/03/04', phoneNumber: '', ...info },
  customAssociatedInfo: [],
});

const MORI_PROFILE = {
  familyName: '森',
  givenName: '一郎',
  familyNameKana: null,
  givenNameKana: null,
  prefecture: 13,
  customAssociatedInfo: [
    { id: 'referral', value: 'tv' },
    { id: 'interests', value: ['forest'] },
    { id: 'organization', value: null },
  ],
};
const moriEdit = (info: Json = {}, custom: Json[] | null = null): Json => ({
  optionalInfo: {
    familyName: '森',
    givenName: '二郎',
    familyNameKana: 'モリ',
    givenNameKana: 'ジロウ',
    postalCode: '1000001',
    prefecture: '13',
    address: '千代田区千代田',
    ...info,
  },
  customAssociatedInfo: custom ?? [
    { id: 'referral', value: 'web' },
    { id: 'interests.forest', value: 'false' },
    { id: 'interests.ocean', value: 'true' },
    { id: 'organization', value: '森の会' },
  ],
});

describe('POST /zapi/account/edit', () => {
  it('saves the edited fields (trimmed, empty as null) and sends the member to the completion page', async () => {
    const m = await soraMember();
    const a = await m.b.post('/zapi/account/edit', soraEdit());
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ redirectTo: '/mypage/edit/complete' });
    const profile = await storedProfile(h, 'sora', m.account.id);
    expect(profile).toMatchObject({
      name: '空 花子',
      nameKana: 'ソラ　ハナコ',
      nickname: 'はな',
      sex: 2,
      birthday: '19920304',
      phoneNumber: null,
    });
    // The message to the store is not part of the edit and stays.
    expect(profile.message).toBe('よろしく');
    const screen = await m.b.screen('/mypage/edit');
    expect(screen.body.values).toMatchObject({ name: '空 花子', sex: '2', birthday: '1992/03/04', phoneNumber: '' });
    expect(screen.body.values).not.toHaveProperty('userId');
    expect(screen.body.values).not.toHaveProperty('message');
  });

  it('refuses a required field left empty, and changes nothing', async () => {
    const m = await soraMember();
    const a = await m.b.post('/zapi/account/edit', soraEdit({ name: '  ' }));
    expect(a.status).toBe(400);
    expect(a.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(a.body.fields)).toEqual(['optionalInfo.name']);
    expect(await storedProfile(h, 'sora', m.account.id)).toMatchObject(SORA_PROFILE);
  });

  it('ignores a field the store does not use (NOT_USE), and the user ID and message', async () => {
    const m = await soraMember();
    const a = await m.b.post(
      '/zapi/account/edit',
      soraEdit({ address: '東京都', postalCode: '1000001', userId: 'hijacked01', message: 'x' }),
    );
    expect(a.status).toBe(200);
    const profile = await storedProfile(h, 'sora', m.account.id);
    expect(profile).not.toHaveProperty('address');
    expect(profile).not.toHaveProperty('postalCode');
    expect(profile).not.toHaveProperty('userId');
    expect(profile.message).toBe('よろしく');
  });

  it("refuses a sex the store does not offer ('decline' when unknown gender is disallowed)", async () => {
    const m = await soraMember();
    for (const sex of [0, '0', 3, 'male']) {
      const a = await m.b.post('/zapi/account/edit', soraEdit({ sex }));
      expect(a.status, String(sex)).toBe(400);
      expect(Object.keys(a.body.fields)).toEqual(['optionalInfo.sex']);
      expect(a.body.fields['optionalInfo.sex']).toBe('性別を選択してください。');
    }
    expect(await storedProfile(h, 'sora', m.account.id)).toMatchObject(SORA_PROFILE);
  });

  it('refuses wrong formats (birthday, kana, phone) with one message per field', async () => {
    const m = await soraMember();
    const a = await m.b.post('/zapi/account/edit', soraEdit({ birthday: '2099/01/01', nameKana: 'そら', phoneNumber: '090-1234' }));
    expect(a.status).toBe(400);
    expect(Object.keys(a.body.fields).sort()).toEqual(['optionalInfo.birthday', 'optionalInfo.nameKana', 'optionalInfo.phoneNumber']);
    expect(await storedProfile(h, 'sora', m.account.id)).toMatchObject(SORA_PROFILE);
  });

  it('refuses a body that is not the call’s shape', async () => {
    const m = await soraMember();
    expect((await m.b.post('/zapi/account/edit', { ...soraEdit(), extra: 1 })).body.fields).toEqual({ extra: expect.any(String) });
    expect((await m.b.post('/zapi/account/edit', { optionalInfo: 'x' })).status).toBe(400);
    expect((await m.b.post('/zapi/account/edit', '[]')).status).toBe(400);
    expect(await storedProfile(h, 'sora', m.account.id)).toMatchObject(SORA_PROFILE);
  });

  it("saves a store's questions: checkbox entries 'true'/'false' back as the chosen list", async () => {
    const m = await signedInMember(h, MORI, 'mori', MORI_PROFILE);
    const a = await m.b.post('/zapi/account/edit', moriEdit());
    expect(a.status).toBe(200);
    const profile = await storedProfile(h, 'mori', m.account.id);
    expect(profile).toMatchObject({
      givenName: '二郎',
      familyNameKana: 'モリ',
      postalCode: '1000001',
      prefecture: 13,
      address: '千代田区千代田',
    });
    expect(profile.customAssociatedInfo).toEqual([
      { id: 'referral', value: 'web' },
      { id: 'interests', value: ['ocean'] },
      { id: 'organization', value: '森の会' },
    ]);
    const screen = await m.b.screen('/mypage/edit');
    expect(screen.body.values.customAssociatedInfo).toEqual([
      { id: 'referral', value: 'web' },
      { id: 'interests', value: ['ocean'] },
      { id: 'organization', value: '森の会' },
    ]);
  });

  it('refuses a required question left empty, or a checkbox value other than true/false', async () => {
    const m = await signedInMember(h, MORI, 'mori', MORI_PROFILE);
    const empty = await m.b.post('/zapi/account/edit', moriEdit({}, [{ id: 'referral', value: null }]));
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.fields)).toEqual(['customAssociatedInfo.0.value']);
    const odd = await m.b.post(
      '/zapi/account/edit',
      moriEdit({}, [
        { id: 'referral', value: 'tv' },
        { id: 'interests.ocean', value: 'yes' },
      ]),
    );
    expect(odd.status).toBe(400);
    expect(Object.keys(odd.body.fields)).toEqual(['customAssociatedInfo.1.value']);
    const unknownOption = await m.b.post('/zapi/account/edit', moriEdit({}, [{ id: 'referral', value: 'radio' }]));
    expect(unknownOption.status).toBe(400);
    const kana = await m.b.post('/zapi/account/edit', moriEdit({ familyNameKana: 'mori' }));
    expect(Object.keys(kana.body.fields)).toEqual(['optionalInfo.familyNameKana']);
    expect(await storedProfile(h, 'mori', m.account.id)).toMatchObject(MORI_PROFILE);
  });

  it('answers a guest 401', async () => {
    const a = await browser(h, SORA).post('/zapi/account/edit', soraEdit());
    expect(a.status).toBe(401);
    expect(a.body.code).toBe('UNAUTHORIZED');
  });

  it("cannot touch a member of another store: sora's session on mori is a guest", async () => {
    const m = await soraMember();
    const visitor = browser(h, MORI);
    visitor.jar.set('sid', m.b.jar.get('sid') ?? '');
    visitor.jar.set('auid', m.b.jar.get('auid') ?? '');
    const a = await visitor.post('/zapi/account/edit', moriEdit());
    expect(a.status).toBe(401);
    expect(await storedProfile(h, 'sora', m.account.id)).toMatchObject(SORA_PROFILE);
    expect((await visitor.screen('/mypage/edit')).body.redirectTo).toBe('/login?redirectTo=%2Fmypage%2Fedit');
  });
});

describe('the /mypage/edit pages', () => {
  it('send a guest to the login page, which comes back', async () => {
    const guest = browser(h, SORA);
    expect((await guest.screen('/mypage/edit')).body).toEqual({ redirectTo: '/login?redirectTo=%2Fmypage%2Fedit' });
    expect((await guest.screen('/mypage/edit/complete')).body).toEqual({ redirectTo: '/login?redirectTo=%2Fmypage%2Fedit%2Fcomplete' });
  });

  it('start the form from the stored profile, birthday as YYYY/MM/DD, empty as ""', async () => {
    const m = await soraMember();
    const a = await m.b.screen('/mypage/edit');
    expect(a.status).toBe(200);
    expect(a.body).toEqual({
      values: { name: '空 太郎', nameKana: '', nickname: '', sex: '1', birthday: '1990/01/15', phoneNumber: '' },
    });
    expect((await m.b.screen('/mypage/edit/complete')).body).toEqual({});
  });
});
