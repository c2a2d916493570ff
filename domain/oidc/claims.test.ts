import { describe, expect, it } from 'vitest';
import { memberClaims } from './claims.ts';

const base = { id: 'a1', email: 'm@example.jp', language: 'ja', profile: {}, picture: null };

describe('memberClaims', () => {
  it('gives the subject, the proven e-mail and the language of any member', () => {
    expect(memberClaims(base)).toEqual({ sub: 'a1', email: 'm@example.jp', email_verified: true, locale: 'ja' });
  });

  it('takes the name field, else family and given names joined', () => {
    expect(memberClaims({ ...base, profile: { name: '青空 太郎' } }).name).toBe('青空 太郎');
    const split = memberClaims({ ...base, profile: { familyName: '青空', givenName: '太郎' } });
    expect(split).toMatchObject({ name: '青空 太郎', family_name: '青空', given_name: '太郎' });
    expect(memberClaims({ ...base, profile: { familyName: '青空' } }).name).toBeUndefined();
  });

  it('maps nickname, birthday and picture, and leaves out empty values', () => {
    const claims = memberClaims({ ...base, profile: { nickname: 'sora', birthday: '1990-04-01', name: ' ' }, picture: 'https://s/p.png' });
    expect(claims).toMatchObject({ nickname: 'sora', birthdate: '1990-04-01', picture: 'https://s/p.png' });
    expect(claims).not.toHaveProperty('name');
  });
});
