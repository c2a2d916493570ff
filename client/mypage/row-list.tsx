import styled from '@emotion/styled';

/** A titled block of rows of the account top. */
export const Section = styled.section`
  margin: 0 0 40px;
`;

export const SectionTitle = styled.h2`
  margin: 0 0 12px;
  font-size: 1.125rem;
`;

export const Rows = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;

export const Row = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 24px;
  padding: 16px 4px;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

export const RowLabel = styled.span`
  flex: 0 0 180px;
  font-weight: 700;
  ${({ theme }) => theme.mobile} {
    flex-basis: 100%;
  }
`;

export const RowValue = styled.span`
  flex: 1 1 200px;
  min-width: 0;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.color.textMuted};
`;

export const RowLink = styled.a`
  margin-left: auto;
  color: ${({ theme }) => theme.color.accentText};
  font-weight: 600;
`;

/** A row that is a link as a whole (the privacy rows). */
export const LinkRow = styled.a`
  display: block;
  padding: 16px 4px;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  color: inherit;
  font-weight: 700;
  text-decoration: none;
  &::after {
    content: '›';
    float: right;
    color: ${({ theme }) => theme.color.textMuted};
  }
  &:hover {
    background: ${({ theme }) => theme.color.accentSoft};
  }
`;
