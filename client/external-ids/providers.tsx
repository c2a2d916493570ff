// The four external-ID providers as the pages show them: name and a small icon each.
import styled from '@emotion/styled';
import type { ExternalIdType } from '#domain/external-ids/entries.ts';

export const PROVIDER_NAMES: Record<ExternalIdType, string> = {
  line: 'LINE',
  google: 'Google',
  yahoojp: 'Yahoo! JAPAN ID',
  facebook: 'Facebook',
};

/**
 * The providers' marks live in one cached file (like the footer's social marks, client/ui/icons.tsx)
 * instead of four inline drawings in every login and sign-up page. Bump the version in the name
 * when public/icons/external-ids-v1.svg changes.
 */
const ICON_SPRITE = '/icons/external-ids-v1.svg';

const Svg = styled.svg`
  flex: none;
  width: 24px;
  height: 24px;
`;

/** The provider's icon (decorative: the name is always beside it). */
export function ProviderIcon({ type }: { type: ExternalIdType }) {
  return (
    <Svg aria-hidden="true" focusable="false">
      <use href={`${ICON_SPRITE}#${type}`} />
    </Svg>
  );
}

/** Where a provider button goes: the store's /auth/authorize. */
export const authorizeHref = (type: ExternalIdType, action: 'login' | 'signup' | 'enableExternalAuth', redirectTo?: string) =>
  `/auth/authorize?${new URLSearchParams({ userIdentifierType: type, socialActionType: action, ...(redirectTo ? { redirectTo } : {}) })}`;
