import { describe, expect, it } from 'vitest';
import { errorDetail, errorPageInfo } from './error-page-info.ts';

describe('errorPageInfo', () => {
  it('defaults to 404 for an unknown route', () => {
    expect(errorPageInfo({ is404: true })).toMatchObject({ status: 404, kind: '404' });
    expect(errorPageInfo({})).toMatchObject({ status: 404, kind: '404' });
  });
  it('shows 500 for an error that is not a 404', () => {
    expect(errorPageInfo({ is404: false })).toMatchObject({ status: 500, kind: '500' });
  });
  it("prefers the error object's status over Vike's abort status", () => {
    const reason = { status: 502, code: 'BAD_GATEWAY', message: 'x', requestId: 'r1' };
    expect(errorPageInfo({ abortStatusCode: 500, abortReason: reason, is404: false })).toEqual({
      status: 502,
      kind: '502',
      code: 'BAD_GATEWAY',
      message: 'x',
      requestId: 'r1',
    });
  });
  it('uses the abort status without a reason', () => {
    expect(errorPageInfo({ abortStatusCode: 503, is404: false })).toMatchObject({ status: 503, kind: '503' });
  });
  it('picks the pages chosen by code', () => {
    expect(errorPageInfo({ abortStatusCode: 403, abortReason: { status: 451, code: 'REGION_UNAVAILABLE' } }).kind).toBe(
      'regionUnavailable',
    );
    expect(errorPageInfo({ abortStatusCode: 403, abortReason: { status: 403, code: 'PROFILE_FORBIDDEN' } }).kind).toBe('profileForbidden');
    expect(errorPageInfo({ abortStatusCode: 429, abortReason: { status: 429, code: 'TOO_MANY_REQUESTS' } }).kind).toBe('generic');
  });
  it('falls back to the request id of the rendered page, but not on client navigation', () => {
    expect(errorPageInfo({ is404: true, rootData: { requestId: 'req-9' } }).requestId).toBe('req-9');
    expect(errorPageInfo({ is404: true, isHydration: true, rootData: { requestId: 'req-9' } }).requestId).toBe('req-9');
    expect(errorPageInfo({ is404: true, isHydration: false, rootData: { requestId: 'req-9' } }).requestId).toBeUndefined();
  });
});

describe('errorDetail (the message of /oidc/error, issue 20.7)', () => {
  it('shows the message as it is', () => {
    expect(errorDetail('invalid_redirect_uri')).toBe('invalid_redirect_uri');
  });
  it('nothing for an absent or empty message', () => {
    expect(errorDetail(undefined)).toBeUndefined();
    expect(errorDetail('   ')).toBeUndefined();
  });
  it('without control characters, and cut at 200 characters', () => {
    expect(errorDetail('a\u0000b\nc')).toBe('a b c');
    expect(errorDetail('x'.repeat(300))).toBe(`${'x'.repeat(200)}…`);
  });
});
