// Which form field a failed My Page call's error belongs to (spec 8). The server names the field
// in the error object's `fields`; the form then shows the message under that field instead of in
// the alert. Where the spec quotes the text, its validation key comes along.
import type { ErrorCode } from '../errors.ts';
import type { ValidationMessageKey } from '../validation/messages.ts';

export const mypageForms = [
  'emailEditSend',
  'emailEditCode',
  'enablePassword',
  'passwordEdit',
  'userIdEdit',
  'withdrawCode',
  'postalLookup',
] as const;
export type MypageForm = (typeof mypageForms)[number];

/** The field, and the key of its text when the spec fixes one (else the server's message). */
export type ErrorField = { field: string; key?: ValidationMessageKey };

const CODE_FAILED: ErrorField = { field: 'pinCode', key: 'authCode.failed' };

type Rule = (error: { code: ErrorCode | string; status: number }) => ErrorField | null;

const RULES: Readonly<Record<MypageForm, Rule>> = {
  // Sending the change code: a taken address, or a failed send (contents.authCode.error.sendFailed;
  // the server's text for it is its 'authCode.sendFailed' message).
  emailEditSend: (e) => (e.code === 'ACCOUNT_ALREADY_EXISTS_EMAIL' || e.status >= 500 ? { field: 'email' } : null),
  // PIN_CODE_ERROR on the code steps: '認証に失敗しました。' on the code.
  emailEditCode: (e) => (e.code === 'PIN_CODE_ERROR' ? CODE_FAILED : null),
  enablePassword: (e) => (e.code === 'PIN_CODE_ERROR' ? CODE_FAILED : null),
  withdrawCode: (e) => (e.code === 'PIN_CODE_ERROR' ? CODE_FAILED : null),
  // INVALID_PASSWORD_REUSED on the new password; 401 on the old one.
  passwordEdit: (e) =>
    e.code === 'INVALID_PASSWORD_REUSED' ? { field: 'newPassword' } : e.status === 401 ? { field: 'oldPassword' } : null,
  // REQUEST_UNAUTHORIZED: 'パスワードが正しくありません。'; ACCOUNT_ALREADY_EXISTS_USER_ID on the ID.
  userIdEdit: (e) =>
    e.code === 'REQUEST_UNAUTHORIZED'
      ? { field: 'password', key: 'password.incorrect' }
      : e.code === 'ACCOUNT_ALREADY_EXISTS_USER_ID'
        ? { field: 'userId' }
        : null,
  // Every lookup failure goes on the postal code.
  postalLookup: () => ({ field: 'postalCode' }),
};

/** The field of `form` an error belongs to; null: the form-level alert (server message or 'エラーが発生しました'). */
export function errorField(form: MypageForm, error: { code: ErrorCode | string; status: number }): ErrorField | null {
  return RULES[form](error);
}
