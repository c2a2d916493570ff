import { describe, expect, it } from 'vitest';
import { AppError } from '#domain/errors.ts';
import { FLOW_COOKIES } from '#server/platform/flows/repo.ts';
import { AUTH_CODE_PURPOSES, CODE_PURPOSES, codePurpose } from './purposes.ts';

describe('code purposes', () => {
  it('serves sign-up (mailed during the request) and login (mailed after the answer)', () => {
    expect(codePurpose('signUp')).toMatchObject({ flow: 'signUp', field: 'pinCode', delivery: 'now' });
    expect(codePurpose('login')).toMatchObject({ flow: 'login', field: 'authCode', delivery: 'afterAnswer' });
  });

  it("serves the e-mail change and the password setting: mailed now, in the member's own flow", () => {
    expect(codePurpose('mailEdit')).toMatchObject({ flow: 'mailEdit', field: 'pinCode', delivery: 'now', memberOnly: true });
    expect(codePurpose('passwordSetting')).toMatchObject({ flow: 'passwordSetting', field: 'pinCode', delivery: 'now', memberOnly: true });
    expect(codePurpose('mailEdit').expired()).toMatchObject({ code: 'INVALID_SESSION_FLOW', messageKey: 'mailEdit.expired' });
  });

  it('serves withdraw as a member purpose: mailed during the request, its code on the pinCode field', () => {
    expect(codePurpose('withdraw')).toMatchObject({ flow: 'withdraw', field: 'pinCode', delivery: 'now', memberOnly: true });
    expect(codePurpose('withdraw').expired()).toMatchObject({ code: 'INVALID_SESSION_FLOW' });
  });

  it('answers UNAUTHORIZED for a purpose without an entry', () => {
    for (const purpose of AUTH_CODE_PURPOSES.filter((p) => !CODE_PURPOSES[p])) {
      expect(() => codePurpose(purpose)).toThrow(expect.objectContaining({ code: 'UNAUTHORIZED' }));
    }
  });

  it('gives every served purpose a flow the browser can name and an expiry answer', () => {
    for (const rule of Object.values(CODE_PURPOSES)) {
      expect(FLOW_COOKIES[rule.flow]).toMatch(/^[a-z]+$/);
      expect(rule.expired()).toBeInstanceOf(AppError);
    }
  });
});
