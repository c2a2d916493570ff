// The store's external-ID buttons of the login and sign-up pages: each goes to /auth/authorize.
import styled from '@emotion/styled';
import { useLingui } from '@lingui/react/macro';
import { useRootData } from '#client/root-data.ts';
import { ButtonLink } from '#client/ui/button.ts';
import { authorizeHref, PROVIDER_NAMES, ProviderIcon } from './providers.tsx';

const List = styled.ul`
  display: grid;
  gap: 12px;
  margin: 24px 0 0;
  padding: 0;
  list-style: none;
`;

/** The mark and the name with the same 12px gap as before, without a wrapper per button. */
const ProviderLink = styled(ButtonLink)`
  gap: 12px;
`;

export function ProviderButtons({ action, redirectTo }: { action: 'login' | 'signup'; redirectTo?: string }) {
  const { t } = useLingui();
  const providers = useRootData().storeSettingData.externalIdProviders;
  if (providers.length === 0) return null;
  return (
    <nav aria-label={action === 'login' ? t`外部IDでログイン` : t`外部IDで登録`}>
      <List>
        {providers.map((p) => {
          const name = PROVIDER_NAMES[p];
          return (
            <li key={p}>
              <ProviderLink href={authorizeHref(p, action, redirectTo || undefined)} variant="secondary" size="lg" block>
                <ProviderIcon type={p} />
                {action === 'login' ? t`${name}でログイン` : t`${name}で登録`}
              </ProviderLink>
            </li>
          );
        })}
      </List>
    </nav>
  );
}
