import styled from '@emotion/styled';

/** Vertical rhythm of a form's parts. */
export const Stack = styled.div<{ gap?: number }>`
  display: flex;
  flex-direction: column;
  gap: ${({ gap = 20 }) => gap}px;
`;

/** A row of secondary links under a form, centred. */
export const LinkRow = styled.p`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 4px 20px;
  margin: 0;
  font-size: 0.9375rem;
`;

/** A thin rule with words, between a form and the way to sign up. */
export const Divider = styled.p`
  display: flex;
  align-items: center;
  gap: 12px;
  margin: 8px 0 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.textMuted};
  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid ${({ theme }) => theme.color.border};
  }
`;

/** A paragraph inside a form's stack. */
export const Text = styled.p`
  margin: 0;
`;

/** A list of rows between thin rules (My Page's lists: payment methods, history, menu, apps, titles). */
export const RuledList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;
