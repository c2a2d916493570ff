import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ErrorObject } from '#domain/errors.ts';
import { TextLink } from './controls.ts';
import { FormAlert } from './form-alert.tsx';
import { type ReadOptions, readServerError, type ServerErrorView } from './server-error.ts';

export type ServerAlertState = {
  summary: string | null;
  others: string[];
  /** Where to start the flow again when it expired (SIGNUP_FLOW_EXPIRED, INVALID_SESSION_FLOW). */
  restartHref?: string;
  /** Page-specific links under the message. */
  extra?: ReactNode;
} | null;

type ShowOptions<T extends FieldValues> = ReadOptions & {
  setError: UseFormSetError<T>;
  restartHref?: string;
  extra?: ReactNode;
};

const FLOW_ENDED = new Set(['SIGNUP_FLOW_EXPIRED', 'INVALID_SESSION_FLOW']);

/**
 * A form's handling of a failed call: the server's field messages on the fields (the first one
 * focused), the message in the form-level alert, a restart link when the flow has ended.
 */
export function useServerAlert() {
  const { i18n } = useLingui();
  const [state, setState] = useState<ServerAlertState>(null);
  const show = useCallback(
    <T extends FieldValues>(error: ErrorObject, opts: ShowOptions<T>): ServerErrorView => {
      const view = readServerError(i18n, error, opts);
      view.fields.forEach(([name, message], i) => {
        opts.setError(name as Path<T>, { type: 'server', message }, { shouldFocus: i === 0 });
      });
      setState({
        summary: view.summary,
        others: view.others,
        restartHref: FLOW_ENDED.has(error.code) ? opts.restartHref : undefined,
        extra: opts.extra,
      });
      return view;
    },
    [i18n],
  );
  const clear = useCallback(() => setState(null), []);
  return useMemo(() => ({ state, show, clear }), [state, show, clear]);
}

/** The form-level alert of `useServerAlert` (nothing when there is no error). */
export function ServerAlert({ state }: { state: ServerAlertState }) {
  if (!state || (!state.summary && state.others.length === 0 && !state.restartHref && !state.extra)) return null;
  return (
    <FormAlert>
      {state.summary ? <p>{state.summary}</p> : null}
      {state.others.length > 0 ? (
        <ul>
          {state.others.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
      {state.restartHref ? (
        <p>
          <TextLink href={state.restartHref}>
            <Trans>最初からやり直す</Trans>
          </TextLink>
        </p>
      ) : null}
      {state.extra}
    </FormAlert>
  );
}
