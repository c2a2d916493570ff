import styled from '@emotion/styled';
import { useLingui } from '@lingui/react/macro';
import { Fragment } from 'react';
import type { LoginHistoryScreenRow } from '#domain/mypage-screens.ts';
import { type Column, columnTitles, rowCells } from './login-history-texts.ts';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.875rem;
  & th,
  & td {
    padding: 10px 8px;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    text-align: left;
    vertical-align: top;
  }
  & th {
    white-space: nowrap;
  }
  & td {
    overflow-wrap: anywhere;
  }
  ${({ theme }) => theme.mobile} {
    display: none;
  }
`;

const List = styled.ul`
  display: none;
  margin: 0;
  padding: 0;
  list-style: none;
  border-top: 1px solid ${({ theme }) => theme.color.border};
  ${({ theme }) => theme.mobile} {
    display: block;
  }
`;

const Entry = styled.details`
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  & summary {
    display: flex;
    justify-content: space-between;
    gap: 12px;
    padding: 14px 4px;
    cursor: pointer;
    font-weight: 600;
  }
  & dl {
    display: grid;
    grid-template-columns: max-content minmax(0, 1fr);
    gap: 6px 16px;
    margin: 0;
    padding: 0 4px 14px;
    font-size: 0.875rem;
  }
  & dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  & dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const DETAIL_COLUMNS: Column[] = ['loginType', 'device', 'browser', 'country', 'ip'];

/** The entries as a table (wide screens) and as a list of expandable items (below 1000 px). */
export function LoginHistoryView(props: { rows: LoginHistoryScreenRow[] }) {
  const { i18n } = useLingui();
  const titles = columnTitles(i18n);
  const cells = props.rows.map((row) => rowCells(i18n, row));
  const columns = Object.keys(titles) as Column[];
  return (
    <>
      <Table data-testid="login-history-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {titles[c]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cells.map((cell, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id on screen; the page's rows never reorder.
            <tr key={i}>
              {columns.map((c) => (
                <td key={c}>{cell[c]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
      <List data-testid="login-history-list">
        {cells.map((cell, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <li key={i}>
            <Entry>
              <summary>
                <span>{cell.dateTime}</span>
                <span>{cell.result}</span>
              </summary>
              <dl>
                {DETAIL_COLUMNS.map((c) => (
                  <Fragment key={c}>
                    <dt>{titles[c]}</dt>
                    <dd>{cell[c]}</dd>
                  </Fragment>
                ))}
              </dl>
            </Entry>
          </li>
        ))}
      </List>
    </>
  );
}
