import { Global } from '@emotion/react';
import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { AddresseeForm } from '#client/subscriptions/addressee-form.tsx';
import { invoicePrint } from '#client/subscriptions/invoice-print.ts';
import { InvoiceSheet } from '#client/subscriptions/invoice-sheet.tsx';
import { Button } from '#client/ui/button.ts';
import type { InvoiceAddressee } from '#domain/billing/invoice.ts';

const Standalone = styled.div`
  max-width: 840px;
  margin: 0 auto;
  padding: 32px 24px 80px;
  ${({ theme }) => theme.mobile} {
    padding: 20px 12px 48px;
  }
`;

const Back = styled.a`
  display: inline-block;
  margin-bottom: 12px;
  color: ${({ theme }) => theme.color.accentText};
  font-weight: 600;
`;

const Title = styled.h1`
  margin: 0 0 24px;
  font-size: 1.5rem;
`;

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-bottom: 20px;
`;

function Frame({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  return (
    <Standalone>
      <Back href="/mypage/payment-history" data-no-print="">
        <Trans>戻る</Trans>
      </Back>
      <Title data-no-print="">{t`領収書`}</Title>
      {children}
    </Standalone>
  );
}

/**
 * /mypage/invoice/{earningsId}: a standalone page (no menu), the addressee first, then the
 * printable qualified invoice, which prints alone on one A4 page.
 */
export default function Page() {
  const invoice = useScreenData('/mypage/invoice/@earningsId');
  const [addressee, setAddressee] = useState<InvoiceAddressee | null>(null);
  const [editing, setEditing] = useState(true);
  if (editing || !addressee) {
    return (
      <Frame>
        <AddresseeForm
          initial={addressee}
          onDone={(a) => {
            setAddressee(a);
            setEditing(false);
          }}
        />
      </Frame>
    );
  }
  return (
    <Frame>
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
    </Frame>
  );
}
