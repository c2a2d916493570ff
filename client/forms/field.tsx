import styled from '@emotion/styled';
import { Trans } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import { WarningIcon } from '#client/ui/icons.tsx';

export type Usage = 'REQUIRED' | 'OPTIONAL';

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
  border: 0;
  margin: 0;
  padding: 0;
  & > legend {
    padding: 0;
    margin-bottom: 6px;
  }
`;

const LabelRow = styled.span`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 8px;
  padding: 0;
  font-weight: 700;
  font-size: 0.9375rem;
`;

const Badge = styled.span`
  display: inline-block;
  padding: 0 8px;
  border-radius: ${({ theme }) => theme.radius.sm};
  font-size: 0.75rem;
  font-weight: 700;
  line-height: 1.6;
  &[data-usage='REQUIRED'] {
    background: ${({ theme }) => theme.color.accent};
    color: ${({ theme }) => theme.color.onAccent};
  }
  &[data-usage='OPTIONAL'] {
    border: 1px solid ${({ theme }) => theme.color.border};
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

export const Hint = styled.div`
  margin: 0;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.textMuted};
`;

const ErrorText = styled.p`
  display: flex;
  align-items: flex-start;
  gap: 6px;
  margin: 0;
  font-size: 0.875rem;
  font-weight: 700;
  color: ${({ theme }) => theme.color.danger};
  & svg {
    margin-top: 0.25em;
  }
`;

/** 必須 or 任意 beside a label. */
export function UsageBadge({ usage }: { usage: Usage }) {
  return <Badge data-usage={usage}>{usage === 'REQUIRED' ? <Trans>必須</Trans> : <Trans>任意</Trans>}</Badge>;
}

/** The ids and ARIA attributes a control needs to be tied to its label, hint and error. */
export type ControlProps = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean; 'aria-required'?: boolean };

type FieldProps = {
  label: ReactNode;
  usage?: Usage;
  hint?: ReactNode;
  error?: string;
  /** Shown under the control (a status such as "available"), tied to it like the hint. */
  after?: ReactNode;
  children: (control: ControlProps) => ReactNode;
  /** A fieldset with a legend, for a group of radios or checkboxes. */
  group?: boolean;
  id?: string;
};

/** One form field: label with 必須/任意, hint, the control, and its error (announced through aria-describedby). */
export function Field({ label, usage, hint, error, after, children, group = false, id }: FieldProps) {
  const auto = useId();
  const controlId = id ?? `f${auto}`;
  const hintId = `${controlId}-hint`;
  const afterId = `${controlId}-after`;
  const errorId = `${controlId}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null, after ? afterId : null].filter(Boolean).join(' ') || undefined;
  const control: ControlProps = {
    id: controlId,
    'aria-describedby': describedBy,
    ...(error ? { 'aria-invalid': true } : {}),
    ...(usage === 'REQUIRED' && !group ? { 'aria-required': true } : {}),
  };
  const labelContent = (
    <LabelRow>
      {label}
      {usage ? <UsageBadge usage={usage} /> : null}
    </LabelRow>
  );
  return (
    <Wrap as={group ? 'fieldset' : 'div'} aria-describedby={group ? describedBy : undefined}>
      {group ? <legend>{labelContent}</legend> : <label htmlFor={controlId}>{labelContent}</label>}
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      {children(control)}
      {after ? <div id={afterId}>{after}</div> : null}
      {error ? (
        <ErrorText id={errorId}>
          <WarningIcon />
          <span>{error}</span>
        </ErrorText>
      ) : null}
    </Wrap>
  );
}
