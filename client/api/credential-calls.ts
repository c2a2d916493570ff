// The credential calls of My Page (spec 7): e-mail change, password setting and change, user-ID change.
import { type CallBody, call } from './call.ts';

export const sendEmailEditCode = (email: string) =>
  call('POST /zapi/account/email/edit/send-pin-code', { body: { email, type: 'mailEdit' } });

export const confirmEmailEdit = (body: CallBody<'POST /zapi/account/email/edit'>) => call('POST /zapi/account/email/edit', { body });

export const enablePassword = (body: CallBody<'POST /zapi/account/enable-password'>) =>
  call('POST /zapi/account/enable-password', { body });

export const changePassword = (body: CallBody<'POST /zapi/account/password/edit'>) => call('POST /zapi/account/password/edit', { body });

export const changeUserId = (body: CallBody<'POST /zapi/account/user-id/edit'>) => call('POST /zapi/account/user-id/edit', { body });
