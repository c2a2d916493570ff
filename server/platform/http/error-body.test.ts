import { describe, expect, it } from 'vitest';
import { AppError } from '#domain/errors.ts';
import { serverMessageKeys } from '#domain/message-keys.ts';
import { serverMessages } from '#server/platform/i18n/server-messages.ts';
import { errorBody } from './error-body.ts';

const at = { lang: 'ja' as const, requestId: 'req-1' };

describe('errorBody', () => {
  it('answers a code alone with its default text', () => {
    expect(errorBody('NOT_FOUND', at)).toEqual({ status: 404, code: 'NOT_FOUND', message: 'ページが見つかりません。', requestId: 'req-1' });
  });

  it('uses the error’s message key and translates every field’s key, with its parameters', () => {
    const body = errorBody(
      new AppError('VALIDATION_FAILED', {
        message: 'signup.validationFailed',
        fields: { email: 'email.required', password: { key: 'common.tooLong', params: { max: 30 } } },
      }),
      { lang: 'ja', requestId: 'r' },
    );
    expect(body.message).toBe('入力内容に誤りがあります。');
    expect(body.fields).toEqual({ email: 'メールアドレスを入力してください。', password: '30文字以内で入力してください。' });
  });

  it('puts a single-field error’s message on its field', () => {
    const body = errorBody(new AppError('PIN_CODE_ERROR', { field: 'authCode', message: 'authCode.failed' }), at);
    expect(body).toMatchObject({ message: '認証に失敗しました。', fields: { authCode: '認証に失敗しました。' } });
  });

  it('gives the 429 wait a field of its own, never in the field map', () => {
    const body = errorBody(new AppError('TOO_MANY_REQUESTS', { retryAfterSeconds: 20 }), at);
    expect(body.retryAfterSeconds).toBe(20);
    expect(body.fields).toBeUndefined();
  });

  it('answers in English', () => {
    expect(errorBody('STORE_NOT_FOUND', { lang: 'en', requestId: 'r' }).message).toBe('Page not found.');
  });

  it('has a text for every server message key', () => {
    for (const key of serverMessageKeys) expect(serverMessages[key], key).toBeDefined();
    expect(Object.keys(serverMessages).sort()).toEqual([...serverMessageKeys].sort());
  });
});
