import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, accountWithdrawals } from '#server/db/schema.ts';
import { tenantDoc } from '../../helpers/tenant-factory.ts';
import { createHarness } from '../app-harness.ts';
import {
  type Browser,
  browser,
  countRows,
  type Harness,
  latestCode,
  loginWithPassword,
  MIDORI_PASSWORD,
  mailsTo,
  seedMember,
  uniqueEmail,
} from '../identity/support.ts';

// My Page, issue 8: the store's withdrawal survey (settings withdrawalSurveyId) on /withdraw and
// POST /zapi/account/withdraw/confirm; its answers kept with the withdrawal (decision 0014).
// ame asks a survey; yuki asks none.

const AME = 'ame.test.localhost';
const YUKI = 'yuki.test.localhost';
let h: Harness;

const options = (...titles: string[]) => titles.map((ja) => ({ optionTitle: { ja, en: `${ja} (en)` } }));

beforeAll(async () => {
  h = await createHarness();
  await h.apply(
    tenantDoc('ame', {
      hosts: [AME],
      surveys: [
        {
          surveyId: 'join',
          surveyName: { ja: '入会アンケート' },
          questions: [{ questionId: 'q', questionType: 'text', questionTitle: { ja: '質問' } }],
        },
        {
          surveyId: 'leave',
          surveyName: { ja: '退会アンケート', en: 'Leaving survey' },
          surveyDescription: { ja: '理由をお聞かせください' },
          questions: [
            {
              questionId: 'reason',
              questionType: 'radio',
              questionTitle: { ja: '理由', en: 'Reason' },
              required: true,
              options: options('高い', '少ない'),
            },
            {
              questionId: 'genres',
              questionType: 'checkbox',
              questionTitle: { ja: 'ジャンル' },
              minCount: 2,
              maxCount: 3,
              options: options('A', 'B', 'C', 'D'),
            },
            { questionId: 'zip', questionType: 'text', questionTitle: { ja: '郵便番号' }, validationPattern: '^\\d{3}-\\d{4}$' },
            { questionId: 'when', questionType: 'date', questionTitle: { ja: '入会日' } },
          ],
        },
      ],
      withdrawalSurveyId: 'leave',
    }),
  );
  await h.apply(tenantDoc('yuki', { hosts: [YUKI] }));
});
afterAll(() => h.close());

async function member(host: string, storeId: string) {
  const email = uniqueEmail(storeId);
  const account = await seedMember(h, storeId, { email, password: MIDORI_PASSWORD });
  const b = browser(h, host);
  expect((await loginWithPassword(b, email, MIDORI_PASSWORD)).status).toBe(200);
  return { b, email, account };
}

const confirm = (b: Browser, surveyAnswers: unknown) => b.post('/zapi/account/withdraw/confirm', { consent: true, surveyAnswers });

async function withdrawn(storeId: string) {
  return h.database.admin.select().from(accountWithdrawals).where(eq(accountWithdrawals.storeId, storeId));
}

describe('withdrawal survey', () => {
  it('/withdraw carries the store’s survey in the viewer’s language', async () => {
    const { b } = await member(AME, 'ame');
    const ja = (await b.screen('/withdraw')).body;
    expect(ja.survey).toMatchObject({ surveyId: 'leave', surveyName: '退会アンケート', surveyDescription: '理由をお聞かせください' });
    expect(ja.survey.questions.map((q: { questionId: string }) => q.questionId)).toEqual(['reason', 'genres', 'zip', 'when']);
    expect(ja.survey.questions[0]).toEqual({
      questionId: 'reason',
      questionType: 'radio',
      questionTitle: '理由',
      questionDescription: null,
      required: true,
      options: [{ optionTitle: '高い' }, { optionTitle: '少ない' }],
    });
    expect(ja.survey.questions[1]).toMatchObject({ minCount: 2, maxCount: 3, required: false });
    const en = (await b.screen('/withdraw?lang=en')).body;
    expect(en.survey.surveyName).toBe('Leaving survey');
    expect(en.survey.questions[0].options[1]).toEqual({ optionTitle: '少ない (en)' });
    // The English of a text the store did not translate is its Japanese.
    expect(en.survey.questions[2].questionTitle).toBe('郵便番号');
  });

  it('refuses a missing required answer, a text off its pattern or format, too few or too many choices, and an unknown option; nothing is mailed', async () => {
    const { b, email } = await member(AME, 'ame');
    const missing = await confirm(b, []);
    expect(missing).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { 'surveyAnswers.0.value': '選択してください。' } },
    });
    expect((await confirm(b, null)).body.fields['surveyAnswers.0.value']).toBe('選択してください。');
    expect((await confirm(b, [{ questionId: 'reason', value: '' }])).body.fields['surveyAnswers.0.value']).toBe('選択してください。');

    const bad = await confirm(b, [
      { questionId: 'reason', value: '2' },
      { questionId: 'genres', value: ['0'] },
      { questionId: 'zip', value: '1234567' },
      { questionId: 'when', value: '2026-13-01' },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      'surveyAnswers.0.value': '選択肢の中から選んでください。',
      'surveyAnswers.1.value': '2個以上選択してください。',
      'surveyAnswers.2.value': '入力内容が正しくありません。',
      'surveyAnswers.3.value': '入力内容が正しくありません。',
    });
    const tooMany = await confirm(b, [
      { questionId: 'reason', value: '0' },
      { questionId: 'genres', value: ['0', '1', '2', '3'] },
    ]);
    expect(tooMany.body.fields).toEqual({ 'surveyAnswers.1.value': '3個以内で選択してください。' });
    // In English too.
    const en = await b.post('/zapi/account/withdraw/confirm?lang=en', { consent: true, surveyAnswers: [] });
    expect(en.body.fields['surveyAnswers.0.value']).toMatch(/^[\x20-\x7e]+$/);
    // The consent is still checked beside the answers.
    const both = await b.post('/zapi/account/withdraw/confirm', { consent: false, surveyAnswers: [] });
    expect(Object.keys(both.body.fields).sort()).toEqual(['consent', 'surveyAnswers.0.value']);

    expect(await mailsTo(h, email, 'authCode')).toHaveLength(0);
    expect(b.jar.get('wdf')).toBeFalsy();
  });

  it('keeps the checked answers with the withdrawal (normalised, in survey order, unknown questions dropped), without the member', async () => {
    const { b, email, account } = await member(AME, 'ame');
    const ok = await confirm(b, [
      { questionId: 'when', value: '2020-04-01' },
      { questionId: 'genres', value: ['3', '0', '3'] },
      { questionId: 'reason', value: ' 0 ' },
      { questionId: 'zip', value: ' 123-4567 ' },
      { questionId: 'not-asked', value: 'dropped' },
    ]);
    expect(ok).toMatchObject({ status: 200, body: { redirectTo: '/withdraw/pin-code' } });
    const before = (await withdrawn('ame')).length;
    const done = await b.delete('/zapi/account/withdraw', { pinCode: await latestCode(h, email) });
    expect(done).toMatchObject({ status: 200, body: { redirectTo: '/withdraw/complete' } });
    expect(await countRows(h, accounts, eq(accounts.id, account.id))).toBe(0);
    const rows = await withdrawn('ame');
    expect(rows).toHaveLength(before + 1);
    const row = rows.at(-1);
    expect(row?.answers).toEqual([
      { questionId: 'reason', value: '0' },
      { questionId: 'genres', value: ['0', '3'] },
      { questionId: 'zip', value: '123-4567' },
      { questionId: 'when', value: '2020-04-01' },
    ]);
    expect(JSON.stringify(row)).not.toContain(email);
    expect(JSON.stringify(row)).not.toContain(account.id);
  });

  it('a store without a withdrawal survey asks none: no survey on /withdraw, answers sent anyway are dropped', async () => {
    const { b, email } = await member(YUKI, 'yuki');
    expect((await b.screen('/withdraw')).body).toEqual({ survey: null, blockedByPlan: false });
    const ok = await confirm(b, [{ questionId: 'reason', value: 'x' }]);
    expect(ok).toMatchObject({ status: 200, body: { redirectTo: '/withdraw/pin-code' } });
    const before = (await withdrawn('yuki')).length;
    expect((await b.delete('/zapi/account/withdraw', { pinCode: await latestCode(h, email) })).status).toBe(200);
    const rows = await withdrawn('yuki');
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)?.answers).toEqual([]);
  });
});
