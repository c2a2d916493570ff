import styled from '@emotion/styled';
import { Trans } from '@lingui/react/macro';
import { policyParagraphs } from '#client/identity/policy-reading.ts';
import { ExternalMark } from '#client/ui/external-mark.tsx';
import { PageContainer, PageLead, PageTitle } from '#client/ui/page.ts';
import type { PolicyView } from '#domain/identity-screens.ts';

const Text = styled.div`
  max-width: 760px;
  line-height: 1.9;
  & p {
    margin: 0;
    white-space: pre-line;
  }
  & p + p {
    margin-top: 16px;
  }
`;

const Revision = styled.p`
  margin: 32px 0 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.875rem;
`;

/** A store policy as a page: its paragraphs, or, for a policy kept elsewhere, the link to it. */
export function PolicyPage({ policy }: { policy: PolicyView }) {
  return (
    <PageContainer>
      <PageTitle>{policy.title}</PageTitle>
      {policy.isExternal && policy.externalUrl ? (
        <PageLead>
          <Trans>この規定は次のページに掲載しています。</Trans>{' '}
          <a href={policy.externalUrl} target="_blank" rel="noopener noreferrer">
            {policy.title}
            <ExternalMark />
          </a>
        </PageLead>
      ) : (
        <Text>
          {policyParagraphs(policy.body).map((p, i) => (
            // Paragraphs have no identity of their own; their order is the text's.
            // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of a fixed text, never reordered
            <p key={i}>{p}</p>
          ))}
        </Text>
      )}
      <Revision>
        <Trans>改定番号：{policy.revision}</Trans>
      </Revision>
    </PageContainer>
  );
}
