import styled from '@emotion/styled';
import { useLingui } from '@lingui/react/macro';
import { useId, useReducer } from 'react';
import { setConsent } from '#client/api/mypage-privacy-calls.ts';
import { consentUpdateFailedText } from '#domain/mypage/consent-screen.ts';
import { consentRequest, consentToggle, initialToggleState } from '#domain/mypage/consent-toggle.ts';
import type { ConsentScreen } from '#domain/mypage/privacy-screens.ts';

const Row = styled.li`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 16px;
  padding: 16px 0;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

const Texts = styled.div`
  display: grid;
  gap: 4px;
`;

const Title = styled.span`
  font-weight: 700;
`;

const Description = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.875rem;
`;

const Failure = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.danger};
  font-size: 0.875rem;
`;

const Track = styled.button`
  flex: none;
  position: relative;
  width: 52px;
  height: 30px;
  border-radius: 15px;
  border: 2px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.controlBackground};
  cursor: pointer;
  &[aria-checked='true'] {
    background: ${({ theme }) => theme.color.accent};
    border-color: ${({ theme }) => theme.color.accent};
  }
  &:disabled {
    cursor: progress;
    opacity: 0.6;
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focusRing};
    outline-offset: 2px;
  }
  &::after {
    content: '';
    position: absolute;
    top: 3px;
    left: 3px;
    width: 20px;
    height: 20px;
    border-radius: 50%;
    background: ${({ theme }) => theme.color.text};
    transition: transform 0.15s;
  }
  &[aria-checked='true']::after {
    transform: translateX(22px);
    background: ${({ theme }) => theme.color.onAccent};
  }
`;

type Option = ConsentScreen['options'][number];

/**
 * One consent option's switch (spec 4 "Consent toggle"): it flips only after the call succeeds,
 * is disabled while the call runs, and shows '更新に失敗しました。' when it fails.
 */
export function ConsentSwitch({ option }: { option: Option }) {
  const { i18n } = useLingui();
  const [state, dispatch] = useReducer(consentToggle, option.value, initialToggleState);
  const id = useId();
  const press = async () => {
    if (state.pending) return;
    const body = consentRequest(option, state);
    dispatch({ type: 'start' });
    const result = await setConsent(body);
    dispatch({ type: result.ok ? 'succeeded' : 'failed' });
  };
  return (
    <Row>
      <Texts>
        <Title id={`${id}-title`}>{option.title}</Title>
        {option.description ? <Description id={`${id}-desc`}>{option.description}</Description> : null}
        <div aria-live="polite">{state.failed ? <Failure>{consentUpdateFailedText(i18n)}</Failure> : null}</div>
      </Texts>
      <Track
        type="button"
        role="switch"
        aria-checked={state.value}
        aria-labelledby={`${id}-title`}
        aria-describedby={option.description ? `${id}-desc` : undefined}
        aria-busy={state.pending || undefined}
        disabled={state.pending}
        onClick={press}
      />
    </Row>
  );
}
