import styled from '@emotion/styled';

/** The column of a My Page form (the frame is wide; a form reads best narrow). */
export const FormColumn = styled.div`
  max-width: 560px;
  display: flex;
  flex-direction: column;
  gap: 20px;
`;
