import { Trans } from '@lingui/react/macro';
import type { OidcApp } from '#domain/oidc/interaction-screens.ts';

/** The line of the provider's sign-in and sign-up pages that names the app asking (decision 0023). */
export function AppLead({ app, action }: { app: OidcApp; action: 'login' | 'signup' }) {
  const { clientName, serviceName } = app;
  return (
    <p data-testid="oidc-app">
      {action === 'login' ? (
        <Trans>
          {serviceName}のアカウントで{clientName}にログインします。
        </Trans>
      ) : (
        <Trans>
          {clientName}で使う{serviceName}のアカウントを登録します。
        </Trans>
      )}
    </p>
  );
}
