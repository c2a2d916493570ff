import { describe, expect, expectTypeOf, it } from 'vitest';
import { errorPageKind, errorPageKinds } from './error-pages.ts';
import {
  AppError,
  defaultStatus,
  type ErrorCode,
  type ErrorObject,
  errorCodes,
  errorObjectSchema,
  isAppError,
  isErrorCode,
} from './errors.ts';

const required = [
  'NOT_FOUND',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'PROFILE_FORBIDDEN',
  'REGION_UNAVAILABLE',
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'INTERNAL_ERROR',
  'BAD_GATEWAY',
  'SERVICE_UNAVAILABLE',
  'GATEWAY_TIMEOUT',
  'STORE_NOT_FOUND',
  'INVALID_SESSION_FLOW',
  'ACCOUNT_ALREADY_EXISTS',
  'ACCOUNT_ALREADY_EXISTS_EMAIL',
  'ACCOUNT_ALREADY_EXISTS_USER_ID',
  'PIN_CODE_ERROR',
  'INVALID_PASSWORD_REUSED',
  'REQUEST_UNAUTHORIZED',
  'LOGIN_FAILED',
  'TOO_MANY_REQUESTS',
  'CROSS_SITE_REQUEST',
] as const satisfies readonly ErrorCode[];

describe('error codes', () => {
  it('contains every required code', () => {
    for (const code of required) expect(errorCodes).toContain(code);
  });

  it('has no duplicates and only SCREAMING_SNAKE_CASE codes', () => {
    expect(new Set(errorCodes).size).toBe(errorCodes.length);
    for (const code of errorCodes) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
  });

  it('maps every code to an HTTP error status', () => {
    for (const code of errorCodes) {
      expect(defaultStatus[code]).toBeGreaterThanOrEqual(400);
      expect(defaultStatus[code]).toBeLessThan(600);
    }
  });

  it.each([
    ['BAD_REQUEST', 400],
    ['VALIDATION_FAILED', 400],
    ['UNAUTHORIZED', 401],
    ['REQUEST_UNAUTHORIZED', 401],
    ['LOGIN_FAILED', 401],
    ['FORBIDDEN', 403],
    ['PROFILE_FORBIDDEN', 403],
    ['CROSS_SITE_REQUEST', 403],
    ['NOT_FOUND', 404],
    ['STORE_NOT_FOUND', 404],
    ['INVALID_SESSION_FLOW', 409],
    ['ACCOUNT_ALREADY_EXISTS', 409],
    ['ACCOUNT_ALREADY_EXISTS_EMAIL', 409],
    ['ACCOUNT_ALREADY_EXISTS_USER_ID', 409],
    ['PIN_CODE_ERROR', 400],
    ['INVALID_PASSWORD_REUSED', 400],
    ['PAYLOAD_TOO_LARGE', 413],
    ['UNSUPPORTED_MEDIA_TYPE', 415],
    ['TOO_MANY_REQUESTS', 429],
    ['REGION_UNAVAILABLE', 451],
    ['INTERNAL_ERROR', 500],
    ['BAD_GATEWAY', 502],
    ['SERVICE_UNAVAILABLE', 503],
    ['GATEWAY_TIMEOUT', 504],
  ] as const)('%s defaults to %i', (code, status) => {
    expect(defaultStatus[code]).toBe(status);
  });

  it('isErrorCode accepts known codes only', () => {
    for (const code of errorCodes) expect(isErrorCode(code)).toBe(true);
    expect(isErrorCode('NOPE')).toBe(false);
    expect(isErrorCode('not_found')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('__proto__')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});

describe('errorObjectSchema', () => {
  const valid: ErrorObject = { status: 404, code: 'NOT_FOUND', message: 'Not found', requestId: 'req-1' };

  it('parses the error object', () => {
    expect(errorObjectSchema.parse(valid)).toEqual(valid);
  });

  it('parses optional per-field messages', () => {
    const withFields = { ...valid, status: 400, code: 'VALIDATION_FAILED', fields: { email: 'invalid' } };
    expect(errorObjectSchema.parse(withFields)).toEqual(withFields);
  });

  it('accepts a code it does not know (forward compatible)', () => {
    expect(errorObjectSchema.safeParse({ ...valid, code: 'SOMETHING_NEW' }).success).toBe(true);
  });

  it('drops unknown keys', () => {
    expect(errorObjectSchema.parse({ ...valid, stack: 'at x' })).toEqual(valid);
  });

  it.each([
    ['missing requestId', { status: 404, code: 'NOT_FOUND', message: 'm' }],
    ['status as a string', { ...valid, status: '404' }],
    ['non-integer status', { ...valid, status: 404.5 }],
    ['numeric code', { ...valid, code: 404 }],
    ['missing message', { status: 404, code: 'NOT_FOUND', requestId: 'r' }],
    ['non-string field message', { ...valid, fields: { email: 1 } }],
    ['null', null],
  ])('rejects %s', (_name, value) => {
    expect(errorObjectSchema.safeParse(value).success).toBe(false);
  });
});

describe('AppError', () => {
  it('carries the code and its default status', () => {
    const error = new AppError('ACCOUNT_ALREADY_EXISTS_EMAIL', { field: 'email' });
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(AppError);
    expect(error.name).toBe('AppError');
    expect(error.code).toBe('ACCOUNT_ALREADY_EXISTS_EMAIL');
    expect(error.status).toBe(409);
    expect(error.field).toBe('email');
    expect(error.fields).toBeUndefined();
    expect(error.message).toBe('ACCOUNT_ALREADY_EXISTS_EMAIL');
  });

  it('works without options', () => {
    const error = new AppError('NOT_FOUND');
    expect(error.status).toBe(404);
    expect(error.field).toBeUndefined();
    expect(error.cause).toBeUndefined();
  });

  it('takes a status, message, fields and cause', () => {
    const cause = new Error('db down');
    const error = new AppError('VALIDATION_FAILED', {
      status: 422,
      message: 'signup.validationFailed',
      fields: { email: 'email.required', password: { key: 'password.tooShort', params: { min: 8 } } },
      cause,
    });
    expect(error.status).toBe(422);
    expect(error.message).toBe('signup.validationFailed');
    expect(error.messageKey).toBe('signup.validationFailed');
    expect(error.fields).toEqual({ email: 'email.required', password: { key: 'password.tooShort', params: { min: 8 } } });
    expect(error.cause).toBe(cause);
  });

  it('refuses a message key that has no text (type level)', () => {
    // @ts-expect-error: a mistyped key never reaches a member
    expect(new AppError('LOGIN_FAILED', { message: 'login.wrongPasword' }).status).toBe(401);
    // @ts-expect-error: a field message is a key too
    expect(new AppError('VALIDATION_FAILED', { fields: { email: 'Please check' } }).status).toBe(400);
  });

  it('has a stack', () => {
    expect(new AppError('INTERNAL_ERROR').stack).toContain('AppError');
  });

  it('isAppError tells AppError from other errors', () => {
    expect(isAppError(new AppError('FORBIDDEN'))).toBe(true);
    expect(isAppError(new Error('FORBIDDEN'))).toBe(false);
    expect(isAppError({ code: 'FORBIDDEN', status: 403 })).toBe(false);
  });

  it('only accepts known codes (type level)', () => {
    expectTypeOf<ConstructorParameters<typeof AppError>[0]>().toEqualTypeOf<ErrorCode>();
  });
});

describe('errorPageKind', () => {
  it.each([
    [401, '401'],
    [403, '403'],
    [404, '404'],
    [451, 'regionUnavailable'],
    [500, '500'],
    [502, '502'],
    [503, '503'],
    [504, '504'],
  ] as const)('status %i -> %s', (status, kind) => {
    expect(errorPageKind(status)).toBe(kind);
  });

  it.each([400, 405, 409, 413, 418, 429, 501, 505, 599, 200, 0, -1, Number.NaN])('unknown status %s -> generic', (status) => {
    expect(errorPageKind(status)).toBe('generic');
  });

  it('defaults to 404 when the status is missing', () => {
    expect(errorPageKind()).toBe('404');
    expect(errorPageKind(undefined)).toBe('404');
    expect(errorPageKind(null)).toBe('404');
    expect(errorPageKind(null, 'NOT_FOUND')).toBe('404');
  });

  it('chooses the profile-forbidden page by code', () => {
    expect(errorPageKind(403, 'PROFILE_FORBIDDEN')).toBe('profileForbidden');
    expect(errorPageKind(undefined, 'PROFILE_FORBIDDEN')).toBe('profileForbidden');
  });

  it('chooses the region page by code', () => {
    expect(errorPageKind(403, 'REGION_UNAVAILABLE')).toBe('regionUnavailable');
    expect(errorPageKind(defaultStatus.REGION_UNAVAILABLE)).toBe('regionUnavailable');
  });

  it('other codes follow the status', () => {
    expect(errorPageKind(403, 'FORBIDDEN')).toBe('403');
    expect(errorPageKind(403, 'CROSS_SITE_REQUEST')).toBe('403');
    expect(errorPageKind(404, 'STORE_NOT_FOUND')).toBe('404');
    expect(errorPageKind(409, 'INVALID_SESSION_FLOW')).toBe('generic');
  });

  it('every default status of a code lands on a page kind', () => {
    for (const code of errorCodes) expect(errorPageKinds).toContain(errorPageKind(defaultStatus[code], code));
  });
});
