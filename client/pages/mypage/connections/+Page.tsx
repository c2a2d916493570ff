import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { MyPageFrame } from '#client/mypage/frame.tsx';
import { grantDateTimeText } from '#client/oidc/grant-date.ts';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { RuledList } from '#client/ui/blocks.ts';

const Item = styled.li`
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  & a {
    display: grid;
    grid-template-columns: 48px 1fr auto;
    gap: 4px 16px;
    align-items: center;
    padding: 14px 4px;
    color: inherit;
    text-decoration: none;
  }
  & img,
  & .placeholder {
    width: 48px;
    height: 48px;
    object-fit: contain;
    border-radius: 8px;
    border: 1px solid ${({ theme }) => theme.color.border};
  }
`;
const Name = styled.span`
  font-weight: 700;
  overflow-wrap: anywhere;
`;
const Muted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.875rem;
`;
const Empty = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;

/** The apps the member let sign them in (member-area: connected apps). */
export default function Page() {
  const { t, i18n } = useLingui();
  const { apps } = useScreenData('/mypage/connections');
  return (
    <MyPageFrame title={t`連動アプリ`}>
      {apps.length === 0 ? (
        <Empty>
          <Trans>連動しているアプリはありません。</Trans>
        </Empty>
      ) : (
        <RuledList>
          {apps.map((app) => (
            <Item key={app.clientId}>
              <a href={`/mypage/connections/client/${encodeURIComponent(app.clientId)}`}>
                {app.logoUri ? <img src={app.logoUri} alt="" /> : <span className="placeholder" aria-hidden="true" />}
                <span>
                  <Name>{app.clientName}</Name>
                  <br />
                  <Muted>
                    <Trans>連動日時: {grantDateTimeText(i18n, app.grantedAt)}</Trans>
                  </Muted>
                </span>
                <span aria-hidden="true">›</span>
              </a>
            </Item>
          ))}
        </RuledList>
      )}
    </MyPageFrame>
  );
}
