import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { followRedirect } from '#client/api/follow-redirect.ts';
import { revokeGrant } from '#client/api/oidc-calls.ts';
import { ConfirmDialog } from '#client/commerce/confirm-dialog.tsx';
import { FormAlert } from '#client/forms/form-alert.tsx';
import { defaultErrorText, summaryText } from '#client/forms/server-error.ts';
import { MyPageFrame } from '#client/mypage/frame.tsx';
import { grantDateText } from '#client/oidc/grant-date.ts';
import { useScreenData } from '#client/screen/use-screen-data.ts';
import { Button } from '#client/ui/button.ts';

const Head = styled.div`
  display: flex;
  gap: 16px;
  align-items: center;
  margin: 0 0 16px;
  & img {
    width: 64px;
    height: 64px;
    object-fit: contain;
    border-radius: 8px;
    border: 1px solid ${({ theme }) => theme.color.border};
  }
  & h2 {
    margin: 0;
    font-size: 1.25rem;
    overflow-wrap: anywhere;
  }
`;
const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(100px, auto) 1fr;
  gap: 8px 16px;
  margin: 0 0 24px;
  & dt {
    font-weight: 700;
  }
  & dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  ${({ theme }) => theme.mobile} {
    grid-template-columns: 1fr;
    & dd {
      margin-bottom: 8px;
    }
  }
`;
const Scopes = styled.ul`
  margin: 0;
  padding-left: 1.2em;
  & small {
    display: block;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

/** One connected app: what it is, since when, what it may use; the member may disconnect it. */
export default function Page() {
  const { t, i18n } = useLingui();
  const { app } = useScreenData('/mypage/connections/client/@clientId');
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    const result = await revokeGrant(app.grantId);
    if (result.ok) {
      await followRedirect(result.data.redirectTo);
      return;
    }
    setBusy(false);
    setAsking(false);
    setError(summaryText(i18n, result.error, defaultErrorText(i18n)));
  };

  return (
    <MyPageFrame title={t`連動アプリ`} backTo="/mypage/connections">
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Head>
        {app.logoUri ? <img src={app.logoUri} alt="" /> : null}
        <h2>{app.clientName}</h2>
      </Head>
      <Facts>
        {app.providerName ? (
          <>
            <dt>
              <Trans>提供元</Trans>
            </dt>
            <dd>{app.providerName}</dd>
          </>
        ) : null}
        <dt>
          <Trans>連動日</Trans>
        </dt>
        <dd>{grantDateText(i18n, app.grantedAt)}</dd>
        {app.description ? (
          <>
            <dt>
              <Trans>説明</Trans>
            </dt>
            <dd>{app.description}</dd>
          </>
        ) : null}
        <dt>
          <Trans>許可している情報</Trans>
        </dt>
        <dd>
          <Scopes>
            {app.scopes.map((s) => (
              <li key={s.scopeKey}>
                {s.scopeName}
                {s.scopeDescription ? <small>{s.scopeDescription}</small> : null}
              </li>
            ))}
          </Scopes>
        </dd>
      </Facts>
      <Button type="button" variant="secondary" onClick={() => setAsking(true)}>
        <Trans>連動を解除する</Trans>
      </Button>
      {asking ? (
        <ConfirmDialog
          title={t`連動の解除`}
          confirmLabel={t`解除する`}
          cancelLabel={t`閉じる`}
          busy={busy}
          onConfirm={confirm}
          onClose={() => (busy ? undefined : setAsking(false))}
        >
          <p>
            <Trans>{app.clientName} との連動を解除しますか？解除すると、このアプリからはログインできなくなります。</Trans>
          </p>
        </ConfirmDialog>
      ) : null}
    </MyPageFrame>
  );
}
