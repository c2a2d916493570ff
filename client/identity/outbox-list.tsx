import styled from '@emotion/styled';
import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OutboxMail } from '#domain/identity-screens.ts';
import { asLabel } from './code-name.ts';
import { mailSegments, outboxTime } from './outbox-text.ts';

const List = styled.ol`
  display: flex;
  flex-direction: column;
  gap: 16px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Mail = styled.li`
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  overflow: hidden;
`;

const Head = styled.div`
  padding: 12px 16px;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  & h2 {
    margin: 4px 0 0;
    font-size: 1rem;
  }
`;

const Meta = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 2px 20px;
  margin: 0;
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
  & dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Kind = styled.span`
  display: inline-block;
  padding: 0 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.accentSoft};
  color: ${({ theme }) => theme.color.accentText};
  font-size: 0.75rem;
  font-weight: 700;
`;

const Body = styled.pre`
  margin: 0;
  padding: 12px 16px;
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 0.8125rem;
  line-height: 1.7;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  & a {
    color: ${({ theme }) => theme.color.accentText};
  }
  & mark {
    padding: 0 4px;
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.color.accent};
    color: ${({ theme }) => theme.color.onAccent};
    font-size: 1.25em;
    font-weight: 700;
    letter-spacing: 0.12em;
  }
`;

function kindLabel(i18n: I18n, kind: string): string {
  switch (kind) {
    case 'authCode':
      return asLabel(t(i18n)`認証コード`);
    case 'passwordReset':
      return t(i18n)`パスワード再設定`;
    case 'loginAlert':
      return t(i18n)`ログイン通知`;
    case 'welcome':
      return t(i18n)`登録完了のお知らせ`;
    default:
      return kind;
  }
}

/** The kept mails, newest first, each with its time (JST), recipient, subject and text. */
export function OutboxList({ mails }: { mails: OutboxMail[] }) {
  const { i18n } = useLingui();
  const sorted = [...mails].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  if (sorted.length === 0) {
    return (
      <p>
        <Trans>まだメールはありません。会員登録やログインコードの送信を行うと、ここに表示されます。</Trans>
      </p>
    );
  }
  return (
    <List>
      {sorted.map((m) => (
        <Mail key={m.id} aria-labelledby={`mail-${m.id}`}>
          <Head>
            <Meta>
              <div>
                <dt>
                  <Trans>日時</Trans>
                </dt>
                <dd>
                  <time dateTime={m.createdAt}>{outboxTime(m.createdAt)}</time>
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>宛先</Trans>
                </dt>
                <dd>{m.to}</dd>
              </div>
              <div>
                <dt>
                  <Trans>種類</Trans>
                </dt>
                <dd>
                  <Kind>{kindLabel(i18n, m.kind)}</Kind>
                </dd>
              </div>
            </Meta>
            <h2 id={`mail-${m.id}`}>{m.subject}</h2>
          </Head>
          <Body>
            {mailSegments(m.text, m.kind === 'authCode').map((s, i) =>
              s.kind === 'link' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: segments of a fixed text, never reordered.
                <a key={i} href={s.text}>
                  {s.text}
                </a>
              ) : s.kind === 'code' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: segments of a fixed text, never reordered.
                <mark key={i}>{s.text}</mark>
              ) : (
                s.text
              ),
            )}
          </Body>
        </Mail>
      ))}
    </List>
  );
}
