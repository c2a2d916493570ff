import styled from '@emotion/styled';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { repositoryLabel, repositoryUrl } from '#client/licenses/repository-url.ts';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { ExternalMark } from '#client/ui/external-mark.tsx';
import { PageContainer, PageLead, PageTitle } from '#client/ui/page.ts';
import type { LicenseEntry } from '#domain/screens.ts';

const Count = styled.p`
  display: inline-block;
  margin: 0 0 24px;
  padding: 4px 14px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.accentSoft};
  color: ${({ theme }) => theme.color.accentText};
  font-weight: 700;
  font-size: 0.875rem;
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  overflow: hidden;
`;

const Item = styled.li`
  padding: 16px 24px;
  & + & {
    border-top: 1px solid ${({ theme }) => theme.color.border};
  }
  ${({ theme }) => theme.mobile} {
    padding: 14px 16px;
  }
`;

const Name = styled.h2`
  margin: 0;
  font-size: 1rem;
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  word-break: break-all;
`;

const Facts = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 24px;
  margin: 6px 0 0;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.textMuted};
  & div {
    display: flex;
    gap: 6px;
    min-width: 0;
  }
  & dt {
    font-weight: 700;
  }
  & dt::after {
    content: ':';
  }
  & dd {
    margin: 0;
    min-width: 0;
    word-break: break-all;
  }
  & a {
    color: ${({ theme }) => theme.color.accentText};
  }
`;

const Details = styled.details`
  margin-top: 8px;
  font-size: 0.8125rem;
  & summary {
    display: inline-flex;
    align-items: center;
    min-height: 32px;
    cursor: pointer;
    font-weight: 600;
    color: ${({ theme }) => theme.color.accentText};
  }
  & pre {
    max-height: 320px;
    overflow: auto;
    margin: 8px 0 0;
    padding: 12px 16px;
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.background};
    color: ${({ theme }) => theme.color.text};
    font-size: 0.75rem;
    line-height: 1.6;
    white-space: pre-wrap;
    word-break: break-word;
  }
`;

function Entry({ entry }: { entry: LicenseEntry }) {
  const { t } = useLingui();
  // The full text is rendered only once opened: the screen data carries it already, and putting
  // ~200 licence texts into the HTML as well would double the page's weight.
  const [open, setOpen] = useState(false);
  const url = repositoryUrl(entry.repository);
  return (
    <Item>
      <Name>{entry.name}</Name>
      <Facts>
        <div>
          <dt>{t`バージョン`}</dt>
          <dd>{entry.version}</dd>
        </div>
        <div>
          <dt>{t({ message: 'ライセンス', context: 'the licence of one package' })}</dt>
          <dd>{entry.license}</dd>
        </div>
        {url ? (
          <div>
            <dt>{t`リポジトリ`}</dt>
            <dd>
              <a href={url} target="_blank" rel="noopener noreferrer">
                {repositoryLabel(url)}
                <ExternalMark />
              </a>
            </dd>
          </div>
        ) : null}
      </Facts>
      {entry.text ? (
        <Details onToggle={(e) => setOpen(e.currentTarget.open)}>
          <summary>
            <Trans>ライセンス全文</Trans>
          </summary>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it. */}
          {open ? <pre tabIndex={0}>{entry.text}</pre> : null}
        </Details>
      ) : null}
    </Item>
  );
}

export default function Page() {
  const { t } = useLingui();
  const data = useScreenData('/app/licenses');
  const count = data.packages.length;
  return (
    <PageContainer>
      <PageTitle>
        <Trans>ライセンス</Trans>
      </PageTitle>
      <PageLead>
        <Trans>本サービスは、以下のオープンソースソフトウェアを利用しています。</Trans>
      </PageLead>
      <Count>
        <Plural value={count} other="#件のパッケージ" />
      </Count>
      <List aria-label={t`パッケージ一覧`}>
        {data.packages.map((entry) => (
          <Entry key={`${entry.name}@${entry.version}`} entry={entry} />
        ))}
      </List>
    </PageContainer>
  );
}
