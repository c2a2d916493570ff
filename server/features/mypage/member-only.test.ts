import { describe, expect, it } from 'vitest';
import type { ScreenContext } from '#server/platform/screens/types.ts';
import { memberOnly } from './member-only.ts';

const ctx = (url: string, account: unknown) =>
  ({ account, query: new URL(url).searchParams, c: { req: { url } } }) as unknown as ScreenContext;

describe('memberOnly', () => {
  it('sends a guest to login and back to the page asked for, with its query', () => {
    expect(memberOnly(ctx('http://aozora.localhost/mypage/consent?type=privacy', null))).toEqual({
      redirectTo: '/login?redirectTo=%2Fmypage%2Fconsent%3Ftype%3Dprivacy',
    });
  });

  it("uses the page's path when asked through the screen-data call of a client navigation", () => {
    expect(memberOnly(ctx('http://aozora.localhost/zapi/internal/mypage/login-history/screen-data?page=2', null))).toEqual({
      redirectTo: '/login?redirectTo=%2Fmypage%2Flogin-history%3Fpage%3D2',
    });
  });

  it('answers the member', () => {
    const account = { accountId: 'a1' };
    expect(memberOnly(ctx('http://aozora.localhost/mypage', account))).toEqual({ account });
  });
});
