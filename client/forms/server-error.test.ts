import { describe, expect, it } from 'vitest';
import { createI18n, loadCatalog } from '#client/i18n/setup.ts';
import type { ErrorObject } from '#domain/errors.ts';
import { loginErrorText, readServerError } from './server-error.ts';

await Promise.all([loadCatalog('ja'), loadCatalog('en')]);
const ja = createI18n('ja');
const en = createI18n('en');
const error = (e: Partial<ErrorObject>): ErrorObject => ({ status: 400, code: 'VALIDATION_FAILED', message: '', requestId: 'r1', ...e });

describe('readServerError', () => {
  it('puts field messages on the form fields and keeps the message as the summary', () => {
    const view = readServerError(ja, error({ message: '入力内容に誤りがあります。', fields: { email: 'E', 'form.name': 'N' } }), {
      fields: ['email', 'name'],
      fallback: 'F',
    });
    expect(view).toEqual({
      fields: [
        ['email', 'E'],
        ['name', 'N'],
      ],
      summary: '入力内容に誤りがあります。',
      others: [],
      retryAfterSeconds: null,
    });
  });

  it('matches entries under a field and renames server fields', () => {
    const view = readServerError(ja, error({ fields: { 'customAssociatedInfo.1.value': 'C', pinCode: 'P' } }), {
      fields: ['customAssociatedInfo', 'authCode'],
      fallback: 'F',
      rename: { pinCode: 'authCode' },
    });
    expect(view.fields).toEqual([
      ['customAssociatedInfo.1.value', 'C'],
      ['authCode', 'P'],
    ]);
  });

  it('leaves out a summary that only repeats a field message', () => {
    const reused = error({ code: 'INVALID_PASSWORD_REUSED', message: 'P', fields: { password: 'P' } });
    expect(readServerError(ja, reused, { fields: ['password'], fallback: 'F' })).toMatchObject({
      fields: [['password', 'P']],
      summary: null,
    });
  });

  it('lists messages of fields the form does not have, once', () => {
    const view = readServerError(ja, error({ message: 'M', fields: { extra: 'X', other: 'X' } }), { fields: [], fallback: 'F' });
    expect(view.others).toEqual(['X']);
  });

  it('falls back to the default text and words network failures and bot checks itself', () => {
    expect(readServerError(ja, error({ code: 'UNKNOWN', status: 502 }), { fields: [], fallback: 'エラーが発生しました' }).summary).toBe(
      'エラーが発生しました',
    );
    expect(readServerError(ja, error({ code: 'NETWORK_ERROR', status: 0 }), { fields: [], fallback: 'F' }).summary).toMatch(/通信/);
    expect(
      readServerError(ja, error({ code: 'BOT_CHECK_FAILED', message: 'エラーが発生しました' }), { fields: [], fallback: 'F' }).summary,
    ).toMatch(/ロボット/);
  });

  it('reads retryAfterSeconds and says when to try again', () => {
    const tooMany = error({
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'しばらく時間をおいてから再度お試しください。',
      retryAfterSeconds: 25,
    });
    const view = readServerError(ja, tooMany, { fields: [], fallback: 'F' });
    expect(view.retryAfterSeconds).toBe(25);
    expect(view.summary).toBe('しばらく時間をおいてから再度お試しください。25秒後に再度お試しください。');
    expect(readServerError(ja, tooMany, { fields: [], fallback: 'F', retryText: false }).summary).toBe(
      'しばらく時間をおいてから再度お試しください。',
    );
    expect(readServerError(en, { ...tooMany, retryAfterSeconds: 600 }, { fields: [], fallback: 'F' }).summary).toMatch(/10 minutes/);
  });
});

describe('the login form without a server message', () => {
  it("shows login's default failure (spec 8) in the viewer's language", () => {
    const silent = error({ code: 'LOGIN_FAILED', status: 401 });
    expect(readServerError(ja, silent, { fields: ['emailUserId', 'password'], fallback: loginErrorText(ja) }).summary).toBe(
      'ログインに失敗しました。',
    );
    expect(readServerError(en, silent, { fields: ['emailUserId', 'password'], fallback: loginErrorText(en) }).summary).toBe(
      'Login failed.',
    );
  });
});
