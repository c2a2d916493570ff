import { describe, expect, it } from 'vitest';
import { PROFILE_FIELDS } from '../validation/profile-field-list.ts';
import { publicWith } from '../validation/test-support.ts';
import { birthdayOfClaim, NO_PROFILE, sexOfClaim, signupPrefill } from './signup-prefill.ts';

const none = NO_PROFILE;
const everyField = publicWith({
  features: { userId: true },
  signupFields: Object.fromEntries(PROFILE_FIELDS.map((f) => [f, 'OPTIONAL'])),
});

describe('signupPrefill', () => {
  it('kana readings join with a full-width space; the sex becomes its code as the form holds it', () => {
    const profile = { ...none, name: '山田 花子', familyNameKana: 'ヤマダ', givenNameKana: 'ハナコ', nickname: 'はなこ', sex: 2 as const };
    expect(signupPrefill(profile, everyField)).toEqual({
      name: '山田 花子',
      nameKana: 'ヤマダ\u3000ハナコ',
      familyNameKana: 'ヤマダ',
      givenNameKana: 'ハナコ',
      nickname: 'はなこ',
      sex: '2',
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
