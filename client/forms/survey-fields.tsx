import styled from '@emotion/styled';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Controller, type FieldErrors, useFormContext } from 'react-hook-form';
import type { SurveyQuestionView, SurveyView } from '#domain/survey-view.ts';
import { SURVEY_TEXT_MAX } from '#domain/validation/survey-defaults.ts';
import { ChoiceLabel, Choices, Input, Select, Textarea } from './controls.ts';
import { Field, Hint } from './field.tsx';
import { errorOf } from './form-errors.ts';

type Props = {
  /** The survey's questions, texts already in the viewer's language (domain/survey-view.ts). */
  questions: readonly SurveyQuestionView[];
  /**
   * Where the answers live in the form: `${name}.<i>.value` for the i-th question, the shape of
   * surveyAnswerDefaults (domain/validation/survey-answers.ts) and of its schema's error paths.
   */
  name: string;
  /** The errors to show; the form's own (useFormContext) when not given. */
  errors?: FieldErrors;
};

/**
 * The questions of a store survey (spec 3 "Survey", 5 "Survey answers") inside a react-hook-form
 * form (FormProvider): text, textarea, date and time a box; radio and checkbox a group under the
 * title; select a drop-down. Choices are sent as their index ('0', '1'…), checkboxes as a list.
 * The form's resolver applies surveyAnswersSchema, so the browser shows the server's messages.
 */
export function SurveyFields({ questions, name, errors }: Props) {
  const { t } = useLingui();
  const { register, control, formState } = useFormContext();
  const shown = errors ?? formState.errors;
  return (
    <>
      {questions.map((q, i) => {
        const field = `${name}.${i}.value`;
        const usage = q.required ? 'REQUIRED' : 'OPTIONAL';
        const error = errorOf(shown, field);
        const hints: ReactNode[] = [];
        if (q.questionDescription) hints.push(q.questionDescription);
        const max = SURVEY_TEXT_MAX;
        if (q.questionType === 'text' || q.questionType === 'textarea') hints.push(t`${max}文字以内`);
        if (q.questionType === 'checkbox') {
          const { minCount: min, maxCount: most } = q;
          if (min !== undefined && most !== undefined) hints.push(t`${min}個以上${most}個以内で選択`);
          else if (min !== undefined) hints.push(t`${min}個以上選択`);
          else if (most !== undefined) hints.push(t`${most}個以内で選択`);
        }
        const hint = hints.length === 0 ? undefined : hints.length === 1 ? hints[0] : hints.map((h) => <Hint key={String(h)}>{h}</Hint>);
        const common = { label: q.questionTitle, usage, error, hint } as const;

        if (q.questionType === 'checkbox') {
          return (
            <Field {...common} key={q.questionId} group>
              {() => (
                <Controller
                  control={control}
                  name={field}
                  render={({ field: f }) => {
                    const chosen: string[] = Array.isArray(f.value) ? f.value : [];
                    return (
                      <Choices>
                        {q.options.map((o, j) => {
                          const value = String(j);
                          return (
                            <ChoiceLabel key={value}>
                              <input
                                type="checkbox"
                                name={f.name}
                                value={value}
                                ref={j === 0 ? f.ref : undefined}
                                checked={chosen.includes(value)}
                                onBlur={f.onBlur}
                                onChange={(e) => f.onChange(e.target.checked ? [...chosen, value] : chosen.filter((v) => v !== value))}
                              />
                              {o.optionTitle}
                            </ChoiceLabel>
                          );
                        })}
                      </Choices>
                    );
                  }}
                />
              )}
            </Field>
          );
        }
        if (q.questionType === 'radio') {
          return (
            <Field {...common} key={q.questionId} group>
              {() => (
                <Choices>
                  {q.options.map((o, j) => (
                    <ChoiceLabel key={String(j)}>
                      <input type="radio" value={String(j)} {...register(field)} />
                      {o.optionTitle}
                    </ChoiceLabel>
                  ))}
                </Choices>
              )}
            </Field>
          );
        }
        if (q.questionType === 'select') {
          return (
            <Field {...common} key={q.questionId}>
              {(c) => (
                <Select {...c} {...register(field)}>
                  <option value="">{t`選択してください`}</option>
                  {q.options.map((o, j) => (
                    <option key={String(j)} value={String(j)}>
                      {o.optionTitle}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          );
        }
        if (q.questionType === 'textarea') {
          return (
            <Field {...common} key={q.questionId}>
              {(c) => <Textarea {...c} {...register(field)} />}
            </Field>
          );
        }
        return (
          <Field {...common} key={q.questionId}>
            {(c) => <Input {...c} {...register(field)} type={q.questionType} />}
          </Field>
        );
      })}
    </>
  );
}

const SurveyBox = styled.section`
  display: grid;
  gap: 20px;
  padding: 20px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  & > h2 {
    margin: 0;
    font-size: 1.125rem;
  }
  & > p {
    margin: 0;
    line-height: 1.7;
  }
`;

/** A store survey in its own box: the name as a heading (`headingId`), the description, the questions. */
export function SurveySection({ survey, headingId, name }: { survey: SurveyView; headingId: string; name: string }) {
  return (
    <SurveyBox aria-labelledby={headingId}>
      <h2 id={headingId}>{survey.surveyName}</h2>
      {survey.surveyDescription ? <p>{survey.surveyDescription}</p> : null}
      <SurveyFields questions={survey.questions} name={name} />
    </SurveyBox>
  );
}
