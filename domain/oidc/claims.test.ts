import { describe, expect, it } from 'vitest';
import { birthdate, claimsByScope, memberClaims } from './claims.ts';

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

describe('birthdate', () => {
  it('is YYYY-MM-DD (OpenID Connect Core 5.1) from the stored YYYYMMDD', () => {
    expect(birthdate('19910202')).toBe('1991-02-02');
    expect(birthdate('1991-02-02')).toBe('1991-02-02');
    expect(memberClaims({ ...base, profile: { birthday: '19910202' } }).birthdate).toBe('1991-02-02');
  });

  it('is left out when the value is no date', () => {
    for (const v of ['', '1991/02/02', '910202', 19910202, null]) expect(birthdate(v)).toBeUndefined();
  });
});

describe('claimsByScope', () => {
  it("releases what each of the store's scopes names, the defaults of the standard scopes otherwise", () => {
    expect(
      claimsByScope([
        { scopeKey: 'openid' },
        { scopeKey: 'profile', claims: ['nickname', 'picture'] },
        { scopeKey: 'email' },
        { scopeKey: 'shop:points' },
      ]),
    ).toEqual({ openid: ['sub'], profile: ['nickname', 'picture'], email: ['email', 'email_verified'], 'shop:points': [] });
  });

  it('gives openid the subject only, whatever the settings say', () => {
    expect(claimsByScope([{ scopeKey: 'openid', claims: ['email'] }]).openid).toEqual(['sub']);
  });
});
