// The My Page external-ID list (member area): each provider in use for login, linked (may be
// released) or not linked (may be linked).
import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { call } from '#client/api/call.ts';
import { followRedirect } from '#client/api/follow-redirect.ts';
import { FormAlert } from '#client/forms/form-alert.tsx';
import { Row, RowLabel, RowLink, Rows, RowValue, Section, SectionTitle } from '#client/mypage/row-list.tsx';
import { Button } from '#client/ui/button.ts';
import type { ExternalIdEntry } from '#domain/external-ids/entries.ts';
import { authorizeHref, PROVIDER_NAMES, ProviderIcon } from './providers.tsx';

const Name = styled(RowLabel)`
  display: flex;
  align-items: center;
  gap: 8px;
`;

export function ExternalIdList({ entries }: { entries: ExternalIdEntry[] }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const release = async (entry: ExternalIdEntry) => {
    setBusy(true);
    setError(null);
    const result = await call('POST /zapi/auth/social/disable', {
      body: { userIdentifierType: entry.userIdentifierType, userIdentifierMethod: 'Social' },
    });
    if (result.ok) {
      await followRedirect(result.data.redirectTo);
      return;
    }
    setBusy(false);
    setError(t`外部IDの連携を解除できませんでした。ほかのログイン方法がない外部IDは解除できません。`);
  };
  return (
    <Section aria-labelledby="mypage-external-ids">
      <SectionTitle id="mypage-external-ids">{t`外部ID連携`}</SectionTitle>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Rows>
        {entries.map((entry) => (
          <Row key={entry.userIdentifierType} data-external-id={entry.userIdentifierType} data-state={entry.state}>
            <Name>
              <ProviderIcon type={entry.userIdentifierType} />
              {PROVIDER_NAMES[entry.userIdentifierType]}
            </Name>
            <RowValue>
              {entry.state === 'login' ? (
                <Trans>ログインに使用中</Trans>
              ) : entry.state === 'linked' ? (
                <Trans>連携済み</Trans>
              ) : (
                <Trans>未連携</Trans>
              )}
            </RowValue>
            {entry.state === 'notLinked' ? (
              <RowLink href={authorizeHref(entry.userIdentifierType, 'enableExternalAuth')}>
                <Trans>連携する</Trans>
              </RowLink>
            ) : entry.state === 'linked' ? (
              <Button type="button" variant="secondary" size="sm" disabled={busy} onClick={() => release(entry)}>
                <Trans>連携を解除する</Trans>
              </Button>
            ) : null}
          </Row>
        ))}
      </Rows>
    </Section>
  );
}
