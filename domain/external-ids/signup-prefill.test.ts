import { describe, expect, it } from 'vitest';
import { PROFILE_FIELDS } from '../validation/signup-form.ts';
import { publicWith } from '../validation/test-support.ts';
import { birthdayOfClaim, type ProviderProfile, sexOfClaim, signupPrefill } from './signup-prefill.ts';

const none: ProviderProfile = {
  name: null,
  familyName: null,
  givenName: null,
  familyNameKana: null,
  givenNameKana: null,
  nickname: null,
  sex: null,
  birthday: null,
};
const everyField = publicWith({
  features: { userId: true },
  signupFields: Object.fromEntries(PROFILE_FIELDS.map((f) => [f, 'OPTIONAL'])),
});

describe('signupPrefill', () => {
  it('Yahoo! JAPAN: names, kana (joined with a full-width space), nickname and sex', () => {
    const yahoo = {
      ...none,
      name: '鈴木 一郎',
      familyName: '鈴木',
      givenName: '一郎',
      familyNameKana: 'スズキ',
      givenNameKana: 'イチロウ',
      nickname: 'いちろう',
      sex: 1 as const,
    };
    expect(signupPrefill(yahoo, everyField)).toEqual({
      name: '鈴木 一郎',
      nameKana: 'スズキ\u3000イチロウ',
      familyName: '鈴木',
      givenName: '一郎',
      familyNameKana: 'スズキ',
      givenNameKana: 'イチロウ',
      nickname: 'いちろう',
      sex: '1',
    });
  });

  it('LINE: the display name as name and nickname, nothing else', () => {
    expect(signupPrefill({ ...none, name: 'LINE 太郎', nickname: 'LINE 太郎' }, everyField)).toEqual({
      name: 'LINE 太郎',
      nickname: 'LINE 太郎',
    });
  });

  it('Facebook and Google: family and given names make the name when none is given; a birthday as the input shows it', () => {
    expect(signupPrefill({ ...none, familyName: 'Example', givenName: 'Carol', birthday: '19900415' }, everyField)).toEqual({
      name: 'Example Carol',
      familyName: 'Example',
      givenName: 'Carol',
      birthday: '1990/04/15',
    });
  });

  it('fills only the fields the store uses', () => {
    const midoriLike = publicWith({
      signupFields: { ...Object.fromEntries(PROFILE_FIELDS.map((f) => [f, 'NOT_USE'])), familyName: 'REQUIRED', givenName: 'OPTIONAL' },
    });
    expect(signupPrefill({ ...none, name: 'Carol Example', familyName: 'Example', givenName: 'Carol', nickname: 'c' }, midoriLike)).toEqual(
      {
        familyName: 'Example',
        givenName: 'Carol',
      },
    );
  });
});

describe('the claims', () => {
  it.each([
    ['1990-04-15', '19900415'],
    ['0000-04-15', null],
    ['1985', null],
    ['1990-02-30', null],
    [19900415, null],
  ])('birthdate %s -> %s', (claim, expected) => {
    expect(birthdayOfClaim(claim)).toBe(expected);
  });
  it('gender', () => {
    expect([sexOfClaim('male'), sexOfClaim('female'), sexOfClaim('other'), sexOfClaim(undefined)]).toEqual([1, 2, null, null]);
  });
});
