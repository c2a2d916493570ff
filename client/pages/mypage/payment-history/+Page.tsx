import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { FormAlert } from '#client/forms/form-alert.tsx';
import { defaultErrorText } from '#client/forms/server-error.ts';
import { MyPageFrame } from '#client/mypage/frame.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { paymentHistoryPage } from '#client/subscriptions/calls.ts';
import { HistoryList } from '#client/subscriptions/history-list.tsx';
import { Button } from '#client/ui/button.ts';
import type { PaymentHistoryPage } from '#domain/billing/subscription-screens.ts';

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 20px;
`;

const Lead = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;

type Kept = { key: string; pages: Record<number, PaymentHistoryPage>; current: number };

/**
 * The pages this document has loaded and the one shown, so a visit to an invoice and back (a
 * client-side navigation) finds them again. Written only in the browser (an effect), never on the
 * server, where a module is shared by every request.
 */
let kept: Kept | null = null;

/** Which history the kept pages belong to: the first page as the server gave it now. */
const keyOf = (first: PaymentHistoryPage) => `${first.totalCount}:${first.data.map((e) => e.earningsId).join(',')}`;

/**
 * /mypage/payment-history: the last year's payments, paged by lastPage; a page once loaded is kept
 * in the browser (member-area 2 "Payment history"), so going back to it asks the server nothing,
 * also after opening an invoice and coming back (which shows the page that was shown), as long as
 * the first page is still the same.
 */
export default function Page() {
  const { i18n, t } = useLingui();
  const first = useScreenData('/mypage/payment-history');
  // Back or forward to this page shows the page that was shown; any other way in starts at page 1.
  const historyNavigation = (usePageContext() as { isHistoryNavigation?: boolean }).isHistoryNavigation === true;
  const [restored] = useState(() => (kept?.key === keyOf(first) ? kept : null));
  const [pages, setPages] = useState<Record<number, PaymentHistoryPage>>(() => ({ ...restored?.pages, 1: first }));
  const [current, setCurrent] = useState(historyNavigation ? (restored?.current ?? 1) : 1);
  useEffect(() => {
    kept = { key: keyOf(first), pages, current };
  }, [first, pages, current]);
  const [loading, setLoading] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = pages[current] ?? first;

  async function open(page: number) {
    setError(null);
    if (pages[page]) {
      setCurrent(page);
      return;
    }
    setLoading(page);
    const result = await paymentHistoryPage(page);
    setLoading(null);
    if (!result.ok) {
      setError(result.error.message || defaultErrorText(i18n));
      return;
    }
    setPages((p) => ({ ...p, [page]: result.data }));
    setCurrent(page);
  }

  const numbers = Array.from({ length: first.lastPage }, (_, i) => i + 1);
  return (
    <MyPageFrame title={t`お支払い履歴`}>
      <Lead>
        <Trans>過去1年間のお支払いを表示しています。</Trans>
      </Lead>
      <HistoryList entries={shown.data} />
      {error ? <FormAlert>{error}</FormAlert> : null}
      {first.lastPage > 1 ? (
        <Pager aria-label={t`ページ`}>
          {numbers.map((n) => (
            <Button
              key={n}
              type="button"
              size="sm"
              variant={n === current ? 'primary' : 'secondary'}
              aria-current={n === current ? 'page' : undefined}
              aria-busy={loading === n || undefined}
              aria-label={t`${n}ページ目`}
              onClick={() => void open(n)}
            >
              {n}
            </Button>
          ))}
        </Pager>
      ) : null}
    </MyPageFrame>
  );
}
