// The credential calls of My Page (spec 7): e-mail change, password setting and change, user-ID change.
import type { Redirect } from './identity-calls.ts';
import { postJson } from './request.ts';

export const sendEmailEditCode = (email: string) =>
  postJson<Redirect>('/zapi/account/email/edit/send-pin-code', { email, type: 'mailEdit' });

export const confirmEmailEdit = (body: { email: string; pinCode: string }) => postJson<Redirect>('/zapi/account/email/edit', body);

export const enablePassword = (body: { pinCode: string; password: string; passwordConfirm: string }) =>
  postJson<Redirect>('/zapi/account/enable-password', body);

export const changePassword = (body: { oldPassword: string; newPassword: string }) =>
  postJson<Redirect>('/zapi/account/password/edit', body);

export const changeUserId = (body: { userId: string; password: string }) => postJson<Redirect>('/zapi/account/user-id/edit', body);
