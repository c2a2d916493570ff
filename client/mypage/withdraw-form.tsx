import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { followRedirect } from '#client/api/follow-redirect.ts';
import { confirmWithdrawal } from '#client/api/mypage-privacy-calls.ts';
import { ChoiceLabel } from '#client/forms/controls.ts';
import { Field } from '#client/forms/field.tsx';
import { FormAlert } from '#client/forms/form-alert.tsx';
import { ServerAlert, useServerAlert } from '#client/forms/server-alert.tsx';
import { defaultErrorText } from '#client/forms/server-error.ts';
import { SubmitButton } from '#client/forms/submit-button.tsx';
import { SurveySection } from '#client/forms/survey-fields.tsx';
import { zodResolver } from '#client/forms/zod-resolver.ts';
import { Stack } from '#client/ui/blocks.ts';
import type { SurveyView } from '#domain/survey-view.ts';
import type { SurveyAnswer } from '#domain/validation/survey-answers.ts';
import { surveyAnswerDefaults } from '#domain/validation/survey-defaults.ts';
import { withdrawConfirmSchema } from '#domain/validation/withdraw.ts';

type Values = { consent: boolean; surveyAnswers: { questionId: string; value: string | string[] }[] };
type Parsed = { consent: true; surveyAnswers: SurveyAnswer[] };

const Notes = styled.ul`
  margin: 0;
  padding-left: 1.25em;
  line-height: 1.7;
`;

/**
 * The withdrawal confirmation (spec 2, 5 "Withdrawal consent"): what withdrawal means, the
 * store's withdrawal survey when it has one, the consent box ('同意は必須です'), then a code
 * mailed to the member. The answers are checked here with the server's rules.
 */
export function WithdrawForm({ survey }: { survey: SurveyView | null }) {
  const { i18n, t } = useLingui();
  const questions = useMemo(() => survey?.questions ?? [], [survey]);
  const resolver = useMemo(() => zodResolver<Values, Parsed>(withdrawConfirmSchema(questions), i18n), [i18n, questions]);
  const form = useForm<Values, unknown, Parsed>({
    mode: 'onTouched',
    defaultValues: { consent: false, surveyAnswers: surveyAnswerDefaults(questions) },
    resolver,
  });
  const server = useServerAlert();
  const [leaving, setLeaving] = useState(false);

  const submit = form.handleSubmit(async (values) => {
    server.clear();
    const result = await confirmWithdrawal({ consent: values.consent, surveyAnswers: values.surveyAnswers });
    if (result.ok) {
      setLeaving(true);
      await followRedirect(result.data.redirectTo);
      return;
    }
    server.show(result.error, {
      fields: ['consent', ...questions.map((_, i) => `surveyAnswers.${i}.value`)],
      fallback: defaultErrorText(i18n),
      setError: form.setError,
    });
  });

  return (
    <FormProvider {...form}>
      <form method="post" noValidate onSubmit={submit}>
        <Stack>
          <FormAlert tone="info">
            <p>
              <Trans>退会すると取り消すことはできません。</Trans>
            </p>
          </FormAlert>
          <Notes>
            <li>
              <Trans>会員情報、同意の設定、ログイン履歴は削除され、元に戻せません。</Trans>
            </li>
            <li>
              <Trans>すべての端末でログアウトされます。</Trans>
            </li>
            <li>
              <Trans>同じメールアドレスで、あらためて会員登録することができます。</Trans>
            </li>
          </Notes>
          {survey ? <SurveySection survey={survey} headingId="withdraw-survey" name="surveyAnswers" /> : null}
          <Field label={t`退会の確認`} usage="REQUIRED" group error={form.formState.errors.consent?.message}>
            {(control) => (
              <ChoiceLabel>
                <input
                  type="checkbox"
                  {...form.register('consent')}
                  aria-describedby={control['aria-describedby']}
                  aria-invalid={control['aria-invalid']}
                />
                <Trans>上記の内容を確認し、退会に同意します</Trans>
              </ChoiceLabel>
            )}
          </Field>
          <ServerAlert state={server.state} />
          <SubmitButton busy={form.formState.isSubmitting || leaving}>
            <Trans>確認コードを送信</Trans>
          </SubmitButton>
        </Stack>
      </form>
    </FormProvider>
  );
}
