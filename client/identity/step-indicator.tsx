import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { VisuallyHidden } from '#client/ui/visually-hidden.ts';
import { signupStepNames } from './signup-steps.ts';

const Wrap = styled.div`
  margin: 0 0 24px;
`;

const Count = styled.p`
  margin: 0 0 10px;
  font-size: 0.8125rem;
  font-weight: 700;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.color.accentText};
`;

const Steps = styled.ol`
  display: grid;
  grid-auto-columns: 1fr;
  grid-auto-flow: column;
  gap: 6px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Step = styled.li`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
  font-size: 0.75rem;
  line-height: 1.4;
  color: ${({ theme }) => theme.color.textMuted};
  &::before {
    content: '';
    height: 6px;
    border-radius: 3px;
    background: ${({ theme }) => theme.color.border};
  }
  &[data-state='done']::before,
  &[data-state='current']::before {
    background: ${({ theme }) => theme.color.accent};
  }
  &[data-state='current'] {
    color: ${({ theme }) => theme.color.text};
    font-weight: 700;
  }
`;

/** 「ステップ 2 / 3」 and the named steps, the current one marked with aria-current="step". */
export function StepIndicator({ step, totalSteps }: { step: number; totalSteps: number }) {
  const { i18n, t } = useLingui();
  const names = signupStepNames(i18n, totalSteps);
  return (
    <Wrap>
      <Count>
        <Trans>
          ステップ {step} / {totalSteps}
        </Trans>
      </Count>
      <Steps aria-label={t`登録の手順`}>
        {names.map((name, i) => {
          const n = i + 1;
          const state = n < step ? 'done' : n === step ? 'current' : 'todo';
          return (
            <Step key={name} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
              <span>
                {name}
                {state === 'done' ? <VisuallyHidden>{t`（完了）`}</VisuallyHidden> : null}
              </span>
            </Step>
          );
        })}
      </Steps>
    </Wrap>
  );
}
