import styled from '@emotion/styled';
import { useLingui } from '@lingui/react/macro';
import type { ScreenData } from '#domain/screen-data.ts';
import { orderSummaryRows } from './order-summary-rows.ts';

const List = styled.dl`
  display: grid;
  grid-template-columns: minmax(8rem, max-content) 1fr;
  gap: 8px 16px;
  margin: 0 0 24px;
  ${({ theme }) => theme.mobile} {
    grid-template-columns: 1fr;
    gap: 2px;
    & dd {
      margin-bottom: 10px;
    }
  }
  & dt {
    font-weight: 700;
  }
  & dd {
    margin: 0;
  }
`;

/** The order verification of spec 3, as the confirmation shows it (only the rows that apply). */
export function OrderSummary({ data, methodText }: { data: ScreenData<'/plans/@planId/confirm'>; methodText: string }) {
  const { i18n } = useLingui();
  const rows = orderSummaryRows(i18n, data, methodText);
  return (
    <List>
      {rows.map(([k, value]) => (
        <div key={k} style={{ display: 'contents' }}>
          <dt>{k}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </List>
  );
}
