// The My Page calls of the consent, PIN and withdrawal screens (spec 7), one function each.
import type { ConsentBody } from '#domain/validation/consent.ts';
import type { SurveyAnswerInput } from '#domain/validation/survey-answers.ts';
import type { Redirect } from './identity-calls.ts';
import { deleteJson, postJson } from './request.ts';

export const setConsent = (body: ConsentBody) => postJson<{ value: boolean }>('/zapi/account/consent', body);

export const setPinCode = (pinCode: string) => postJson<Redirect>('/zapi/account/pinCode/set', { pinCode });

export const confirmWithdrawal = (body: { consent: boolean; surveyAnswers?: SurveyAnswerInput[] }) =>
  postJson<Redirect>('/zapi/account/withdraw/confirm', body);

export const withdraw = (pinCode: string) => deleteJson<Redirect>('/zapi/account/withdraw', { pinCode });
