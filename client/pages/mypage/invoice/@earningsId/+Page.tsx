import { Global } from '@emotion/react';
import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { MyPageFrame } from '#client/mypage/frame.tsx';
import { usePageData } from '#client/screen/use-page-data.ts';
import { AddresseeForm } from '#client/subscriptions/addressee-form.tsx';
import { invoicePrint } from '#client/subscriptions/invoice-print.ts';
import { InvoiceSheet } from '#client/subscriptions/invoice-sheet.tsx';
import { Button } from '#client/ui/button.ts';
import type { InvoiceAddressee } from '#domain/billing/invoice.ts';

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-bottom: 20px;
`;

/** /mypage/invoice/{earningsId}: the addressee first, then the printable qualified invoice. */
export default function Page() {
  const { t } = useLingui();
  const invoice = usePageData('/mypage/invoice/@earningsId');
  const [addressee, setAddressee] = useState<InvoiceAddressee | null>(null);
  const [editing, setEditing] = useState(true);
  if (editing || !addressee) {
    return (
      <MyPageFrame title={t`領収書`} backTo="/mypage/payment-history">
        <AddresseeForm
          initial={addressee}
          onDone={(a) => {
            setAddressee(a);
            setEditing(false);
          }}
        />
      </MyPageFrame>
    );
  }
  return (
    <MyPageFrame title={t`領収書`} backTo="/mypage/payment-history">
      <Global styles={invoicePrint} />
      <Tools data-no-print="">
        <Button type="button" variant="primary" size="md" onClick={() => window.print()}>
          <Trans>印刷する</Trans>
        </Button>
        <Button type="button" variant="secondary" size="md" onClick={() => setEditing(true)}>
          <Trans>宛名を変更する</Trans>
        </Button>
      </Tools>
      <InvoiceSheet invoice={invoice} addressee={addressee} />
    </MyPageFrame>
  );
}
