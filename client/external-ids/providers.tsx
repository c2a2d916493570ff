// The four external-ID providers as the pages show them: name and a small icon each.
import styled from '@emotion/styled';
import type { ExternalIdType } from '#domain/external-ids/entries.ts';

export const PROVIDER_NAMES: Record<ExternalIdType, string> = {
  line: 'LINE',
  google: 'Google',
  yahoojp: 'Yahoo! JAPAN ID',
  facebook: 'Facebook',
};

const ICONS: Record<ExternalIdType, { bg: string; fg: string; mark: string }> = {
  line: { bg: '#06C755', fg: '#FFFFFF', mark: 'L' },
  google: { bg: '#FFFFFF', fg: '#1A73E8', mark: 'G' },
  yahoojp: { bg: '#FF0033', fg: '#FFFFFF', mark: 'Y!' },
  facebook: { bg: '#0866FF', fg: '#FFFFFF', mark: 'f' },
};

const Svg = styled.svg`
  flex: none;
  width: 24px;
  height: 24px;
`;

/** The provider's icon (decorative: the name is always beside it). */
export function ProviderIcon({ type }: { type: ExternalIdType }) {
  const icon = ICONS[type];
  return (
    <Svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-provider-icon={type}>
      <rect x="0.5" y="0.5" width="23" height="23" rx="6" fill={icon.bg} stroke="#DADCE0" />
      <text
        x="12"
        y="16.5"
        textAnchor="middle"
        fontSize={icon.mark.length > 1 ? 10 : 14}
        fontWeight="700"
        fontFamily="Arial, sans-serif"
        fill={icon.fg}
      >
        {icon.mark}
      </text>
    </Svg>
  );
}

/** Where a provider button goes: the store's /auth/authorize. */
export const authorizeHref = (type: ExternalIdType, action: 'login' | 'signup' | 'enableExternalAuth', redirectTo?: string) =>
  `/auth/authorize?${new URLSearchParams({ userIdentifierType: type, socialActionType: action, ...(redirectTo ? { redirectTo } : {}) })}`;
