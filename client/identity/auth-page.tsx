import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { StepIndicator } from './step-indicator.tsx';

const Outer = styled.div`
  display: flex;
  justify-content: center;
  padding: 48px 24px 80px;
  ${({ theme }) => theme.mobile} {
    padding: 20px 12px 48px;
  }
`;

const Card = styled.div`
  width: 100%;
  max-width: 520px;
  padding: 40px 44px 44px;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.card};
  &[data-width='wide'] {
    max-width: 760px;
  }
  /* The plans after sign-up: the cards are the surface, the page has no card of its own. */
  &[data-width='full'] {
    max-width: 1200px;
    padding: 0;
    background: transparent;
    border: 0;
    box-shadow: none;
  }
  ${({ theme }) => theme.mobile} {
    padding: 24px 18px 28px;
    &[data-width='full'] {
      padding: 8px 4px 0;
    }
  }
`;

const Title = styled.h1`
  margin: 0 0 12px;
  font-size: 1.625rem;
  line-height: 1.4;
  letter-spacing: 0.02em;
  ${({ theme }) => theme.mobile} {
    font-size: 1.375rem;
  }
`;

const Lead = styled.div`
  margin: 0 0 24px;
  color: ${({ theme }) => theme.color.textMuted};
  & p {
    margin: 0;
  }
  & p + p {
    margin-top: 6px;
  }
`;

type Props = {
  title: ReactNode;
  lead?: ReactNode;
  step?: { step: number; totalSteps: number };
  width?: 'narrow' | 'wide' | 'full';
  children?: ReactNode;
};

/** The frame of the login, sign-up and password pages: a card with the step, the title and a lead. */
export function AuthPage({ title, lead, step, width = 'narrow', children }: Props) {
  return (
    <Outer>
      <Card data-width={width}>
        {step ? <StepIndicator step={step.step} totalSteps={step.totalSteps} /> : null}
        <Title>{title}</Title>
        {lead ? <Lead>{lead}</Lead> : null}
        {children}
      </Card>
    </Outer>
  );
}
