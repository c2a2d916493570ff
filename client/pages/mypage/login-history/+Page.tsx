import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { MyPageFrame } from '#client/mypage/frame.tsx';
import { LoginHistoryView } from '#client/mypage/login-history-view.tsx';
import { useScreenData } from '#client/screen/use-screen-data.ts';

const Pager = styled.nav`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 24px;
  margin: 24px 0 0;
  & a {
    color: ${({ theme }) => theme.color.accentText};
    font-weight: 600;
  }
`;

const Empty = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;

const pageHref = (page: number) => (page === 1 ? '/mypage/login-history' : `/mypage/login-history?page=${page}`);

/** The member's login attempts, newest first, 20 a page (spec 2 "Login history"). */
export default function Page() {
  const { t } = useLingui();
  const data = useScreenData('/mypage/login-history');
  const { currentPage, lastPage } = data;
  return (
    <MyPageFrame title={t`ログイン履歴`}>
      {data.rows.length === 0 ? (
        <Empty>
          <Trans>ログイン履歴はありません。</Trans>
        </Empty>
      ) : (
        <LoginHistoryView rows={data.rows} />
      )}
      {lastPage > 1 && (
        <Pager aria-label={t`ページ送り`}>
          {currentPage > 1 && <a href={pageHref(currentPage - 1)}>{t`前のページ`}</a>}
          <span aria-current="page">{t`${currentPage} / ${lastPage} ページ`}</span>
          {currentPage < lastPage && <a href={pageHref(currentPage + 1)}>{t`次のページ`}</a>}
        </Pager>
      )}
    </MyPageFrame>
  );
}
