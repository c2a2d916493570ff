import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { TextLink } from '#client/forms/controls.ts';
import { Field, Hint } from '#client/forms/field.tsx';
import { FormAlert } from '#client/forms/form-alert.tsx';
import { errorOf } from '#client/forms/form-errors.ts';
import { formatted } from '#client/forms/formatted-input.ts';
import { readServerError } from '#client/forms/server-error.ts';
import { SubmitButton } from '#client/forms/submit-button.tsx';
import { zodResolver } from '#client/forms/zod-resolver.ts';
import { Stack } from '#client/ui/blocks.ts';
import type { ErrorObject } from '#domain/errors.ts';
import type { CodeTiming } from '#domain/identity-screens.ts';
import { authCodeSchema } from '#domain/validation/login.ts';
import { canSubmitCode, sanitizeCode } from './code-input.ts';
import { ResendLink } from './resend-link.tsx';
import { useAfter, useCountdown } from './use-countdown.ts';

const CodeBox = styled.input`
  display: block;
  width: 100%;
  max-width: 16rem;
  min-height: 56px;
  padding: 8px 12px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.controlBackground};
  color: ${({ theme }) => theme.color.text};
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 1.75rem;
  font-weight: 700;
  letter-spacing: 0.4em;
  text-align: center;
  font-variant-numeric: tabular-nums;
  scroll-margin-top: 96px;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focusRing};
    outline-offset: 1px;
  }
  &[aria-invalid='true'] {
    border: 2px solid ${({ theme }) => theme.color.danger};
  }
`;

/** What the page makes of an error that is not about the code itself. */
export type ErrorView = { alert: ReactNode; closed?: boolean };

/**
 * The flow ended (expired, or replaced by another): the server's message and one link to start
 * again; the form closes.
 */
export function flowEnded(href: string, linkText: ReactNode) {
  return (error: ErrorObject): ErrorView | null => {
    if (error.code !== 'INVALID_SESSION_FLOW') return null;
    return {
      closed: true,
      alert: (
        <>
          <p>{error.message}</p>
          <p>
            <TextLink href={href}>{linkText}</TextLink>
          </p>
        </>
      ),
    };
  };
}

type Props = CodeTiming & {
  /** What the store calls this code (ログインコード, 認証コード), as the label and in the texts. */
  codeName: string;
  label: string;
  submitLabel: string;
  /** The server's name for the field ('authCode' on login, 'pinCode' on sign-up). */
  serverField: string;
  fallback: string;
  /** Sends the code; null when it was right (the page is then leaving). */
  onSubmit: (code: string) => Promise<ErrorObject | null>;
  onResend: () => Promise<ErrorObject | null>;
  /** Page-specific handling of an error (flow expired, e-mail registered already); null for the default. */
  describeError?: (error: ErrorObject) => ErrorView | null;
};

type Values = { code: string };

/**
 * The code step shared by code login and sign-up (spec 4): a 6-digit box; the button is enabled
 * with six digits that differ from the last rejected code; the resend link waits out a countdown
 * from page entry and after each resend; after some minutes, a hint to resend.
 */
export function CodeEntry(props: Props) {
  const { codeName, validityMinutes, resendCountdownSeconds, resendHintMinutes, serverField, fallback } = props;
  const { i18n, t } = useLingui();
  const resolver = useMemo(
    () => zodResolver<Values>(z.object({ code: authCodeSchema }), i18n, { params: { code: { field: codeName } } }),
    [i18n, codeName],
  );
  const form = useForm<Values>({ mode: 'onTouched', defaultValues: { code: '' }, resolver });
  const { register, handleSubmit, setError, clearErrors, setFocus, control, formState } = form;
  const code = useWatch({ control, name: 'code' }) ?? '';
  const [lastRejected, setLastRejected] = useState<string | null>(null);
  const [alert, setAlert] = useState<ReactNode>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [closed, setClosed] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [resending, setResending] = useState(false);
  const countdown = useCountdown(resendCountdownSeconds);
  const showHint = useAfter(resendHintMinutes * 60_000);

  const showError = (error: ErrorObject, sent?: string) => {
    if (error.code === 'PIN_CODE_ERROR') {
      if (sent) setLastRejected(sent);
      setError('code', { type: 'server', message: error.message || t`認証に失敗しました。` }, { shouldFocus: true });
      return;
    }
    // The resend countdown shows when to try again, so the text does not repeat it.
    const view = readServerError(i18n, error, { fields: ['code'], fallback, rename: { [serverField]: 'code' }, retryText: false });
    for (const [, message] of view.fields) setError('code', { type: 'server', message }, { shouldFocus: true });
    if (view.retryAfterSeconds) countdown.restart(view.retryAfterSeconds);
    const custom = props.describeError?.(error);
    if (custom?.closed) setClosed(true);
    if (custom) {
      setAlert(custom.alert);
      return;
    }
    setAlert(
      view.summary || view.others.length > 0 ? (
        <>
          {view.summary ? <p>{view.summary}</p> : null}
          {view.others.length > 0 ? (
            <ul>
              {view.others.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null,
    );
  };

  const submit = handleSubmit(async ({ code: value }) => {
    setAlert(null);
    setNotice(null);
    const error = await props.onSubmit(value);
    if (!error) {
      setLeaving(true);
      return;
    }
    showError(error, value);
  });

  const resend = async () => {
    if (countdown.left > 0 || resending || closed) return;
    setResending(true);
    setAlert(null);
    setNotice(null);
    const error = await props.onResend();
    setResending(false);
    if (error) {
      showError(error);
      return;
    }
    clearErrors('code');
    countdown.restart();
    setNotice(t`${codeName}を再送信しました。`);
    setFocus('code');
  };

  const registration = register('code');
  const left = countdown.left;
  const busy = formState.isSubmitting || leaving;
  return (
    <form method="post" noValidate onSubmit={submit}>
      <Stack>
        <Field
          label={props.label}
          error={errorOf(formState.errors, 'code')}
          hint={<Trans>メールに記載された6桁の数字を入力してください。</Trans>}
        >
          {(c) => (
            <CodeBox
              {...c}
              {...formatted(registration, sanitizeCode)}
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
              spellCheck={false}
              disabled={closed}
            />
          )}
        </Field>
        <Hint>
          <Trans>
            {codeName}の有効期限は{validityMinutes}分です。
          </Trans>
        </Hint>
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
        <SubmitButton busy={busy} disabled={closed || !canSubmitCode(code, lastRejected)}>
          {props.submitLabel}
        </SubmitButton>
        {closed ? null : <ResendLink codeName={codeName} left={left} busy={resending} onResend={resend} waitId="code-resend-wait" />}
        {showHint && !closed ? (
          <FormAlert tone="info">
            <p>
              <Trans>メールが届かない場合は、迷惑メールフォルダもご確認のうえ、{codeName}を再送信してください。</Trans>
            </p>
          </FormAlert>
        ) : null}
      </Stack>
    </form>
  );
}
