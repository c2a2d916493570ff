import styled from '@emotion/styled';

/** Plan cards in a responsive grid: as many 300 px columns as fit, one column on mobile. */
export const PlanGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(300px, 1fr));
  gap: 24px;
  margin: 0;
  padding: 0;
  list-style: none;
  ${({ theme }) => theme.mobile} {
    grid-template-columns: 1fr;
    gap: 16px;
  }
`;
