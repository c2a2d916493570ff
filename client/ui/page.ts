import styled from '@emotion/styled';

/** The width and padding of a page's content. */
export const PageContainer = styled.div`
  max-width: 1200px;
  margin: 0 auto;
  padding: 48px 32px 72px;
  ${({ theme }) => theme.mobile} {
    padding: 28px 16px 48px;
  }
`;

export const PageTitle = styled.h1`
  margin: 0 0 8px;
  font-size: 2rem;
  line-height: 1.35;
  letter-spacing: 0.02em;
  ${({ theme }) => theme.mobile} {
    font-size: 1.5rem;
  }
`;

export const PageLead = styled.p`
  margin: 0 0 32px;
  color: ${({ theme }) => theme.color.textMuted};
  ${({ theme }) => theme.mobile} {
    margin-bottom: 24px;
  }
`;
