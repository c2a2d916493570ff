import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { CheckCircleIcon, WarningIcon } from '#client/ui/icons.tsx';

const InfoIcon = () => (
  <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
    <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-6h2v6Zm0-8h-2V7h2v2Z" />
  </svg>
);

const icons = { error: <WarningIcon size={18} />, success: <CheckCircleIcon size={18} />, info: <InfoIcon /> };

const Box = styled.div`
  display: flex;
  gap: 10px;
  padding: 14px 16px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid currentColor;
  border-left-width: 6px;
  background: ${({ theme }) => theme.color.surface};
  font-size: 0.9375rem;
  & > svg {
    flex: none;
    margin-top: 0.3em;
  }
  & p {
    margin: 0;
    color: ${({ theme }) => theme.color.text};
  }
  & p + p,
  & ul {
    margin-top: 6px;
  }
  & ul {
    margin-bottom: 0;
    padding-left: 1.2em;
    color: ${({ theme }) => theme.color.text};
  }
  &[data-tone='error'] {
    color: ${({ theme }) => theme.color.danger};
  }
  &[data-tone='success'] {
    color: ${({ theme }) => theme.color.success};
  }
  &[data-tone='info'] {
    color: ${({ theme }) => theme.color.accentText};
  }
`;

const Body = styled.div`
  min-width: 0;
  flex: 1;
`;

/**
 * A message for the whole form. Errors are role="alert" (read out at once); success and
 * information are role="status".
 */
export function FormAlert({ tone = 'error', children, id }: { tone?: 'error' | 'success' | 'info'; children: ReactNode; id?: string }) {
  return (
    <Box data-tone={tone} role={tone === 'error' ? 'alert' : 'status'} id={id}>
      {icons[tone]}
      <Body>{children}</Body>
    </Box>
  );
}
