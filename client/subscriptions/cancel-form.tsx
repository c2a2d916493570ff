import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { followRedirect } from '#client/api/follow-redirect.ts';
import { ServerAlert, useServerAlert } from '#client/forms/server-alert.tsx';
import { defaultErrorText } from '#client/forms/server-error.ts';
import { SubmitButton } from '#client/forms/submit-button.tsx';
import { SurveySection } from '#client/forms/survey-fields.tsx';
import { zodResolver } from '#client/forms/zod-resolver.ts';
import { Stack } from '#client/ui/blocks.ts';
import type { SurveyView } from '#domain/survey-view.ts';
import { type SurveyAnswer, surveyAnswersSchema } from '#domain/validation/survey-answers.ts';
import { surveyAnswerDefaults } from '#domain/validation/survey-defaults.ts';
import { cancelSubscription } from './calls.ts';

type Values = { surveyAnswers: { questionId: string; value: string | string[] }[] };
type Parsed = { surveyAnswers: SurveyAnswer[] };

/** The cancellation with the plan's (or the store's) survey, checked here with the server's rules. */
export function CancelForm(props: { subscriptionId: string; survey: SurveyView | null; disabled: boolean; returnTo: string | null }) {
  const { i18n } = useLingui();
  const questions = useMemo(() => props.survey?.questions ?? [], [props.survey]);
  const resolver = useMemo(
    () => zodResolver<Values, Parsed>(z.object({ surveyAnswers: surveyAnswersSchema(questions) }), i18n),
    [i18n, questions],
  );
  const form = useForm<Values, unknown, Parsed>({
    mode: 'onTouched',
    defaultValues: { surveyAnswers: surveyAnswerDefaults(questions) },
    resolver,
  });
  const server = useServerAlert();

  const submit = form.handleSubmit(async (values) => {
    server.clear();
    const result = await cancelSubscription(props.subscriptionId, values.surveyAnswers);
    if (result.ok) {
      // The withdraw mode carries on to the completion page, which then leads back to /withdraw.
      const back = props.returnTo ? `&returnTo=${encodeURIComponent(props.returnTo)}` : '';
      await followRedirect(`${result.data.redirectTo}${back}`);
      return;
    }
    server.show(result.error, {
      fields: questions.map((_, i) => `surveyAnswers.${i}.value`),
      fallback: defaultErrorText(i18n),
      setError: form.setError,
    });
  });

  return (
    <FormProvider {...form}>
      <form method="post" noValidate onSubmit={submit}>
        <Stack>
          {props.survey ? <SurveySection survey={props.survey} headingId="cancel-survey" name="surveyAnswers" /> : null}
          <ServerAlert state={server.state} />
          <SubmitButton busy={form.formState.isSubmitting || form.formState.isSubmitSuccessful} disabled={props.disabled}>
            <Trans>解約する</Trans>
          </SubmitButton>
        </Stack>
      </form>
    </FormProvider>
  );
}
