import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { RuledList } from '#client/ui/blocks.ts';
import type { PaymentHistoryEntry } from '#domain/billing/subscription-screens.ts';
import { formatJstDateTime } from '#domain/jst-date-time.ts';
import { formatYen } from '#domain/plan-price.ts';
import { methodText } from './texts.ts';

const Item = styled.li`
  display: grid;
  grid-template-columns: 170px 1fr auto auto;
  align-items: center;
  gap: 8px 20px;
  padding: 14px 4px;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  ${({ theme }) => theme.mobile} {
    grid-template-columns: 1fr auto;
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.875rem;
  overflow-wrap: anywhere;
`;

const Plan = styled.span`
  display: grid;
  gap: 2px;
  min-width: 0;
  overflow-wrap: anywhere;
  ${({ theme }) => theme.mobile} {
    grid-column: 1 / -1;
    grid-row: 2;
  }
`;

const Amount = styled.strong`
  text-align: right;
  ${({ theme }) => theme.mobile} {
    grid-column: 1 / -1;
  }
`;

const InvoiceLink = styled.a`
  color: ${({ theme }) => theme.color.accentText};
  font-weight: 600;
  ${({ theme }) => theme.mobile} {
    grid-column: 2;
    grid-row: 1;
    text-align: right;
  }
`;

/** One page of the payment history: date, plan, method, amount (tax included), and the invoice link; a refund is a negative line (decision 0052). */
export function HistoryList({ entries }: { entries: PaymentHistoryEntry[] }) {
  const { i18n } = useLingui();
  if (entries.length === 0) {
    return (
      <p>
        <Trans>過去1年間のお支払いはありません。</Trans>
      </p>
    );
  }
  return (
    <RuledList>
      {entries.map((e) => (
        <Item key={e.earningsId} data-earnings={e.earningsId}>
          <Muted>{formatJstDateTime(e.createdAt, { seconds: false })}</Muted>
          <Plan>
            <span>{e.billingAmount < 0 ? <Trans>返金：{e.planName}</Trans> : e.planName}</span>
            <Muted>{methodText(i18n, e.accountPaymentMethod)}</Muted>
          </Plan>
          <Amount>
            <Trans>{formatYen(e.billingAmount)}（税込）</Trans>
          </Amount>
          <InvoiceLink href={`/mypage/invoice/${encodeURIComponent(e.earningsId)}`}>
            {e.billingAmount < 0 ? <Trans>返金明細</Trans> : <Trans>領収書</Trans>}
          </InvoiceLink>
        </Item>
      ))}
    </RuledList>
  );
}
