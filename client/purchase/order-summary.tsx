import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { TextLink } from '#client/forms/controls.ts';
import { LEGAL_NOTICE_PATH } from '#domain/commerce/legal-paths.ts';
import { orderTermRows } from '#domain/commerce/order-terms-text.ts';
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
    white-space: pre-line;
  }
`;

const Terms = styled.section`
  margin: 0 0 24px;
  padding: 16px 20px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  & h2 {
    margin: 0 0 12px;
    font-size: 1rem;
  }
  & dl {
    margin-bottom: 12px;
  }
  & p {
    margin: 0;
  }
  ${({ theme }) => theme.mobile} {
    padding: 14px 16px;
  }
`;

/** The order verification of spec 3, as the confirmation shows it (only the rows that apply). */
export function OrderSummary({ data, methodText }: { data: ScreenData<'/plans/@planId/confirm'>; methodText: string }) {
  const { i18n } = useLingui();
  const rows = orderSummaryRows(i18n, data, methodText);
  return (
    <>
      <List>
        {rows.map(([k, value]) => (
          <div key={k} style={{ display: 'contents' }}>
            <dt>{k}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </List>
      <OrderTerms data={data} />
    </>
  );
}

/**
 * What the 特定商取引法 wants on the final confirmation (decision 0045): every amount and when, the
 * renewal, the contract period, the next charge, how and until when to cancel, the viewing window.
 */
function OrderTerms({ data }: { data: ScreenData<'/plans/@planId/confirm'> }) {
  const { i18n } = useLingui();
  return (
    <Terms aria-labelledby="order-terms-heading">
      <h2 id="order-terms-heading">
        <Trans>お申し込みの前にご確認ください</Trans>
      </h2>
      <List>
        {orderTermRows(i18n, data.terms).map((row) => (
          <div key={row.key} style={{ display: 'contents' }}>
            <dt>{row.label}</dt>
            <dd>
              {row.text}
              {row.link ? (
                <>
                  {' '}
                  <TextLink href={row.link.path}>{row.link.label}</TextLink>
                </>
              ) : null}
            </dd>
          </div>
        ))}
      </List>
      <p>
        <TextLink href={LEGAL_NOTICE_PATH}>
          <Trans>特定商取引法に基づく表記</Trans>
        </TextLink>
      </p>
    </Terms>
  );
}
