import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { Section, SectionTitle } from '#client/mypage/row-list.tsx';
import { RuledList } from '#client/ui/blocks.ts';
import { formatJstDateTime } from '#domain/jst-date-time.ts';
import type { WatchEntry } from '#domain/watch/watch-list.ts';
import { grantKindText, timeLeftText } from './watch-texts.ts';

const Entry = styled.li`
  padding: 16px 4px;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;
const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 4px 12px;
  & strong {
    overflow-wrap: anywhere;
  }
`;
const Kind = styled.span`
  padding: 2px 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.accentSoft};
  color: ${({ theme }) => theme.color.accentText};
  font-size: 0.8125rem;
  font-weight: 700;
`;
const Window = styled.p`
  margin: 6px 0 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.875rem;
`;
const Titles = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 10px 0 0;
  padding: 0;
  list-style: none;
  & a {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-height: 40px;
    padding: 6px 14px;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.pill};
    color: ${({ theme }) => theme.color.text};
    text-decoration: none;
    overflow-wrap: anywhere;
  }
  & a:hover {
    border-color: ${({ theme }) => theme.color.accentText};
  }
  & a::before {
    content: '▶';
    color: ${({ theme }) => theme.color.accentText};
    font-size: 0.75em;
  }
`;

/** The account top's list of what the member may watch: each plan held, its window, and its titles to play. */
export function WatchList({ entries }: { entries: readonly WatchEntry[] }) {
  const { i18n } = useLingui();
  return (
    <Section aria-labelledby="mypage-watch">
      <SectionTitle id="mypage-watch">
        <Trans>視聴できる作品</Trans>
      </SectionTitle>
      <RuledList>
        {entries.map((e) => (
          <Entry key={e.planId} data-plan={e.planId}>
            <Head>
              <Kind>{grantKindText(i18n, e.planType)}</Kind>
              <strong>{e.planName}</strong>
            </Head>
            {e.expiresAt && e.minutesLeft !== null ? (
              <Window>
                <Trans>
                  視聴期限：{formatJstDateTime(e.expiresAt, { seconds: false })}（{timeLeftText(i18n, e.minutesLeft)}）
                </Trans>
              </Window>
            ) : null}
            <Titles>
              {e.titles.map((refId) => (
                <li key={refId}>
                  <a href={`/mypage/watch/${encodeURIComponent(refId)}`}>{refId}</a>
                </li>
              ))}
            </Titles>
          </Entry>
        ))}
      </RuledList>
    </Section>
  );
}
