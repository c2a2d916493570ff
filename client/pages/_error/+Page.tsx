import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePageContext } from 'vike-react/usePageContext';
import { errorDetail, errorPageInfo } from '#client/errors/error-page-info.ts';
import { ButtonLink } from '#client/ui/button.ts';
import { errorTexts } from '#domain/error-texts.ts';

const Wrap = styled.div`
  display: flex;
  justify-content: center;
  padding: 72px 24px 96px;
  ${({ theme }) => theme.mobile} {
    padding: 40px 16px 64px;
  }
`;

const Panel = styled.div`
  width: 100%;
  max-width: 640px;
  padding: 48px;
  text-align: center;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.card};
  ${({ theme }) => theme.mobile} {
    padding: 32px 20px;
  }
`;

const Status = styled.p`
  margin: 0;
  font-size: 6rem;
  font-weight: 800;
  line-height: 1;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.color.accentText};
  font-variant-numeric: tabular-nums;
  ${({ theme }) => theme.mobile} {
    font-size: 4.5rem;
  }
`;

const Type = styled.p`
  margin: 16px 0 4px;
  font-size: 0.875rem;
  font-weight: 700;
  letter-spacing: 0.08em;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Header = styled.h1`
  margin: 0 0 16px;
  font-size: 1.625rem;
  ${({ theme }) => theme.mobile} {
    font-size: 1.375rem;
  }
`;

const Text = styled.p`
  margin: 0 auto 32px;
  max-width: 32em;
  text-align: left;
  color: ${({ theme }) => theme.color.text};
`;

const Details = styled.p`
  margin: 28px 0 0;
  font-size: 0.75rem;
  color: ${({ theme }) => theme.color.textMuted};
  & span {
    display: inline-block;
    margin: 0 8px;
  }
  & code {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  }
`;

/** Spec 2 and 8: status, header, type and text of the error, the codes small, and a way back. */
export default function Page() {
  const { i18n } = useLingui();
  const pageContext = usePageContext();
  const info = errorPageInfo(pageContext);
  // /oidc/error?message=…: the provider's own word for what went wrong, as plain text.
  const detail = pageContext.urlParsed?.pathname === '/oidc/error' ? errorDetail(pageContext.urlParsed.search.message) : undefined;
  const texts = errorTexts(i18n, info.kind, info);
  const { requestId } = info;
  // The generic text already ends with the error code (spec 8); the others show it here.
  const code = info.kind === 'generic' ? undefined : info.code;
  return (
    <Wrap>
      <Panel>
        <Status>{info.status}</Status>
        <Type>{texts.type}</Type>
        <Header>{texts.header}</Header>
        <Text>{texts.text}</Text>
        {detail ? (
          <Text>
            <Trans>詳細：{detail}</Trans>
          </Text>
        ) : null}
        {/* A full page load: the top page renders afresh even if the error came from navigation. */}
        <ButtonLink href="/" variant="primary" size="lg" data-vike="false">
          <Trans>トップへ戻る</Trans>
        </ButtonLink>
        {code || requestId ? (
          <Details>
            {code ? (
              <span>
                <Trans>
                  エラーコード：<code>{code}</code>
                </Trans>
              </span>
            ) : null}
            {requestId ? (
              <span>
                <Trans>
                  リクエストID：<code>{requestId}</code>
                </Trans>
              </span>
            ) : null}
          </Details>
        ) : null}
      </Panel>
    </Wrap>
  );
}
