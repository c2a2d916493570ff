// The My Page calls of the consent, PIN and withdrawal screens (spec 7), one line each over call().
import { type CallBody, call } from './call.ts';

export const setConsent = (body: CallBody<'POST /zapi/account/consent'>) => call('POST /zapi/account/consent', { body });

export const setPinCode = (pinCode: string) => call('POST /zapi/account/pinCode/set', { body: { pinCode } });

export const confirmWithdrawal = (body: CallBody<'POST /zapi/account/withdraw/confirm'>) =>
  call('POST /zapi/account/withdraw/confirm', { body });

export const withdraw = (pinCode: string) => call('DELETE /zapi/account/withdraw', { body: { pinCode } });
