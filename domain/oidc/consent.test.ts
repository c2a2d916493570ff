import { describe, expect, it } from 'vitest';
import { classifyScopes, isRequired, refusedScopes } from './consent.ts';

const store = [
  { scopeKey: 'openid', required: true },
  { scopeKey: 'profile', required: false },
  { scopeKey: 'email', required: false },
];

describe('classifyScopes', () => {
  it('sorts the requested scopes by what the member said before', () => {
    expect(classifyScopes(['openid', 'profile', 'email'], ['openid'], ['email'])).toEqual({
      authorizedScopeKeys: ['openid'],
      unauthorizedScopeKeys: ['email'],
      updatedScopeKeys: ['profile'],
    });
  });
  it('has every scope new on the first consent', () => {
    expect(classifyScopes(['openid', 'email'], [], []).updatedScopeKeys).toEqual(['openid', 'email']);
  });
});

describe('isRequired', () => {
  it("follows the store's flag, and treats an unlisted scope as required", () => {
    expect(isRequired('profile', store)).toBe(false);
    expect(isRequired('openid', store)).toBe(true);
    expect(isRequired('offline_access', store)).toBe(true);
  });
});

describe('refusedScopes', () => {
  const requested = ['openid', 'profile', 'email'];
  it('refuses the optional scopes not added', () => {
    expect(refusedScopes(requested, store, { addScope: ['profile'], rejectScope: [] })).toEqual(['email']);
    expect(refusedScopes(requested, store, { addScope: [], rejectScope: [] })).toEqual(['profile', 'email']);
  });
  it('refuses an added scope that is also rejected', () => {
    expect(refusedScopes(requested, store, { addScope: ['profile', 'email'], rejectScope: ['email'] })).toEqual(['email']);
  });
  it('never refuses a required scope, and says so when the answer tries', () => {
    expect(refusedScopes(requested, store, { addScope: ['profile', 'email'], rejectScope: [] })).toEqual([]);
    expect(refusedScopes(requested, store, { addScope: [], rejectScope: ['openid'] })).toBeNull();
  });
});
