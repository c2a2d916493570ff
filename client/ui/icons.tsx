// Inline SVG icons. All are decorative (aria-hidden): the link or text beside them carries the name.
import styled from '@emotion/styled';
import type { ReactNode } from 'react';

const Svg = styled.svg`
  flex: none;
  display: inline-block;
  vertical-align: -0.125em;
`;

function Icon({ size = 16, viewBox = '0 0 24 24', children }: { size?: number; viewBox?: string; children: ReactNode }) {
  return (
    <Svg width={size} height={size} viewBox={viewBox} aria-hidden="true" focusable="false" fill="currentColor">
      {children}
    </Svg>
  );
}

type IconProps = { size?: number };

/**
 * The social-network marks (footer) are long paths: they live in one cached file instead of in
 * every page's HTML. Bump the version in the name when public/icons/social-v1.svg changes.
 */
const SOCIAL_SPRITE = '/icons/social-v1.svg';

export const ExternalLinkIcon = ({ size = 14 }: IconProps) => (
  <Icon size={size}>
    <path d="M14 3h7v7h-2V6.41l-9.29 9.3-1.42-1.42 9.3-9.29H14V3ZM5 5h6v2H5v12h12v-6h2v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Z" />
  </Icon>
);

export const XIcon = ({ size = 20 }: IconProps) => (
  <Icon size={size}>
    <use href={`${SOCIAL_SPRITE}#x`} />
  </Icon>
);

export const FacebookIcon = ({ size = 20 }: IconProps) => (
  <Icon size={size}>
    <use href={`${SOCIAL_SPRITE}#facebook`} />
  </Icon>
);

export const InstagramIcon = ({ size = 20 }: IconProps) => (
  <Icon size={size}>
    <use href={`${SOCIAL_SPRITE}#instagram`} />
  </Icon>
);

export const LineIcon = ({ size = 20 }: IconProps) => (
  <Icon size={size}>
    <use href={`${SOCIAL_SPRITE}#line`} />
  </Icon>
);

export const AvatarIcon = ({ size = 24 }: IconProps) => (
  <Icon size={size}>
    <path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2.25c-3.75 0-9 1.88-9 5.63V22h18v-2.12c0-3.75-5.25-5.63-9-5.63Z" />
  </Icon>
);

export const GlobeIcon = ({ size = 16 }: IconProps) => (
  <Icon size={size}>
    <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.93 6h-2.95a15.65 15.65 0 0 0-1.38-3.56A8.03 8.03 0 0 1 18.93 8ZM12 4.04c.83 1.2 1.48 2.53 1.91 3.96h-3.82A13.9 13.9 0 0 1 12 4.04ZM4.26 14a8.2 8.2 0 0 1 0-4h3.38a16.5 16.5 0 0 0 0 4H4.26Zm.81 2h2.95c.32 1.25.78 2.45 1.38 3.56A7.99 7.99 0 0 1 5.07 16Zm2.95-8H5.07a7.99 7.99 0 0 1 4.33-3.56A15.65 15.65 0 0 0 8.02 8ZM12 19.96A14.1 14.1 0 0 1 10.09 16h3.82A14.1 14.1 0 0 1 12 19.96ZM14.34 14H9.66a14.7 14.7 0 0 1 0-4h4.68a14.7 14.7 0 0 1 0 4Zm.25 5.56c.6-1.11 1.06-2.31 1.38-3.56h2.95a8.03 8.03 0 0 1-4.33 3.56ZM16.36 14a16.5 16.5 0 0 0 0-4h3.38a8.2 8.2 0 0 1 0 4h-3.38Z" />
  </Icon>
);

export const CheckCircleIcon = ({ size = 16 }: IconProps) => (
  <Icon size={size}>
    <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9Z" />
  </Icon>
);

export const WarningIcon = ({ size = 16 }: IconProps) => (
  <Icon size={size}>
    <path d="M1 21h22L12 2 1 21Zm12-3h-2v-2h2v2Zm0-4h-2v-4h2v4Z" />
  </Icon>
);

export const BlockIcon = ({ size = 16 }: IconProps) => (
  <Icon size={size}>
    <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20ZM4 12a8 8 0 0 1 12.9-6.32L5.68 16.9A7.93 7.93 0 0 1 4 12Zm8 8a7.93 7.93 0 0 1-4.9-1.68L18.32 7.1A8 8 0 0 1 12 20Z" />
  </Icon>
);

export const ChevronDownIcon = ({ size = 16 }: IconProps) => (
  <Icon size={size}>
    <path d="M7.41 8.59 12 13.17l4.59-4.58L18 10l-6 6-6-6 1.41-1.41Z" />
  </Icon>
);

export const ArrowRightIcon = ({ size = 16 }: IconProps) => (
  <Icon size={size}>
    <path d="M12 4l-1.41 1.41L16.17 11H4v2h12.17l-5.58 5.59L12 20l8-8-8-8Z" />
  </Icon>
);

export const TagIcon = ({ size = 14 }: IconProps) => (
  <Icon size={size}>
    <path d="M21.41 11.58l-9-9A2 2 0 0 0 11 2H4a2 2 0 0 0-2 2v7c0 .55.22 1.05.59 1.42l9 9a2 2 0 0 0 2.82 0l7-7a2 2 0 0 0 0-2.84ZM5.5 7A1.5 1.5 0 1 1 7 5.5 1.5 1.5 0 0 1 5.5 7Z" />
  </Icon>
);

export const CalendarIcon = ({ size = 14 }: IconProps) => (
  <Icon size={size}>
    <path d="M19 4h-1V2h-2v2H8V2H6v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2Zm0 16H5V10h14v10Zm0-12H5V6h14v2Z" />
  </Icon>
);

export const RenewIcon = ({ size = 14 }: IconProps) => (
  <Icon size={size}>
    <path d="M12 6v3l4-4-4-4v3a8 8 0 0 0-6.76 12.26l1.46-1.46A5.87 5.87 0 0 1 6 12a6 6 0 0 1 6-6Zm6.76 1.74L17.3 9.2A5.87 5.87 0 0 1 18 12a6 6 0 0 1-6 6v-3l-4 4 4 4v-3a8 8 0 0 0 6.76-12.26Z" />
  </Icon>
);
