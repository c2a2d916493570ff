import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { addresseeLine, type InvoiceAddressee } from '#domain/billing/invoice.ts';
import type { InvoiceScreen } from '#domain/billing/subscription-screens.ts';
import { formatJstDate } from '#domain/jst-date-time.ts';
import { formatYen } from '#domain/plan-price.ts';
import { methodText } from './texts.ts';

/** The sheet: sized for one A4 page when printed (the print rules in invoice-print.ts). */
const Sheet = styled.article`
  display: grid;
  gap: 20px;
  max-width: 760px;
  margin: 0 auto;
  padding: 32px;
  background: #fff;
  color: #111;
  border: 1px solid ${({ theme }) => theme.color.border};
  ${({ theme }) => theme.mobile} {
    padding: 16px;
  }
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 16px;
  & h2 {
    margin: 0;
    font-size: 1.5rem;
    letter-spacing: 0.1em;
  }
`;

const Issuer = styled.div`
  display: grid;
  gap: 4px;
  justify-items: end;
  text-align: right;
  font-size: 0.875rem;
  & img {
    max-width: 160px;
    max-height: 48px;
  }
`;

const To = styled.p`
  margin: 0;
  padding-bottom: 6px;
  border-bottom: 1px solid #111;
  font-size: 1.25rem;
  overflow-wrap: anywhere;
`;

const Total = styled.p`
  margin: 0;
  font-size: 1.375rem;
  font-weight: 700;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  & th,
  & td {
    padding: 8px;
    border: 1px solid #999;
    text-align: left;
  }
  /* Long values (an e-mail address, an order number) may break anywhere; a label breaks between
     words only, so its column is at least as wide as its longest word. */
  & td {
    overflow-wrap: anywhere;
  }
  & th {
    overflow-wrap: break-word;
  }
  & td.amount {
    text-align: right;
    white-space: nowrap;
  }
  & th {
    background: #f2f2f2;
    width: 40%;
  }
`;

const Small = styled.p`
  margin: 0;
  font-size: 0.8125rem;
`;

/**
 * The qualified invoice (member-area 3 "Invoice", 9: amounts with ¥ and tax in parentheses). A
 * payment lists its refunds as 返金 rows and the amount after them; a refund's own entry (a
 * negative amount) prints as a qualified refund invoice (decision 0052).
 */
export function InvoiceSheet({ invoice: v, addressee }: { invoice: InvoiceScreen; addressee: InvoiceAddressee }) {
  const { i18n, t } = useLingui();
  const refund = v.billingAmount < 0;
  const total = formatYen(Math.abs(v.billingAmount));
  const tax = formatYen(Math.abs(v.taxAmount));
  const rate = `${v.taxRate}%`;
  const refunded = v.refunds.reduce((n, r) => n + r.billingAmount, 0);
  return (
    <Sheet aria-labelledby="invoice-title" data-invoice={v.earningsId}>
      <Head>
        <div>
          <h2 id="invoice-title">{refund ? t`返金明細` : t`領収書`}</h2>
          <Small>{refund ? t`適格返還請求書` : t`適格請求書`}</Small>
        </div>
        <Issuer>
          <img src={v.logoUrl} alt={v.serviceName} />
          <strong>{v.businessName}</strong>
          {v.invoiceRegistrationNumber ? <span>{t`登録番号：${v.invoiceRegistrationNumber}`}</span> : null}
        </Issuer>
      </Head>
      <To>{addresseeLine(addressee)}</To>
      <Total>
        <Trans>
          {total}（うち消費税 {tax}）
        </Trans>
      </Total>
      <Small>{refund ? t`上記の金額を返金いたしました。` : t`上記の金額を正に領収いたしました。`}</Small>
      <Table>
        <tbody>
          <tr>
            <th scope="row">{refund ? t`返金日` : t`お支払い日`}</th>
            <td>{formatJstDate(v.createdAt)}</td>
          </tr>
          <tr>
            <th scope="row">{t`注文番号`}</th>
            <td>{v.orderInfoId}</td>
          </tr>
          <tr>
            <th scope="row">{t`品目`}</th>
            <td>{v.planName}</td>
          </tr>
          <tr>
            <th scope="row">{refund ? t`返金額（税込）` : t`金額（税込）`}</th>
            <td className="amount">{total}</td>
          </tr>
          <tr>
            <th scope="row">{t`税率`}</th>
            <td className="amount">{rate}</td>
          </tr>
          <tr>
            <th scope="row">{t`消費税額（${rate}対象）`}</th>
            <td className="amount">{tax}</td>
          </tr>
          <tr>
            <th scope="row">{t`税抜金額`}</th>
            <td className="amount">{formatYen(Math.abs(v.netBillingAmount))}</td>
          </tr>
          {v.refunds.map((r) => {
            const day = formatJstDate(r.refundedAt);
            const amount = formatYen(-r.billingAmount);
            const refundTax = formatYen(-r.taxAmount);
            return (
              <tr key={r.refundId} data-refund="">
                <th scope="row">{t`返金（${day}）`}</th>
                <td className="amount">{t`${amount}（うち消費税 ${refundTax}）`}</td>
              </tr>
            );
          })}
          {v.refunds.length > 0 ? (
            <tr>
              <th scope="row">{t`返金後の金額（税込）`}</th>
              <td className="amount">{formatYen(v.billingAmount - refunded)}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row">{t({ message: '支払い方法', context: 'the method of one payment' })}</th>
            <td>{methodText(i18n, v.accountPaymentMethod)}</td>
          </tr>
          <tr>
            <th scope="row">{t`お客様のメールアドレス`}</th>
            <td>{v.contactEmail}</td>
          </tr>
        </tbody>
      </Table>
      <Small>{t`発行元：${v.businessName}（${v.serviceName}）`}</Small>
    </Sheet>
  );
}
