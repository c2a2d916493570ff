// Inline SVG icons. All are decorative (aria-hidden): the link or text beside them carries the name.
import styled from '@emotion/styled';
import type { ReactNode } from 'react';

const Svg = styled.svg`
  flex: none;
  display: inline-block;
  vertical-align: -0.125em;
  fill: currentColor;
`;

function Icon({ size = 16, viewBox = '0 0 24 24', children }: { size?: number; viewBox?: string; children: ReactNode }) {
  return (
    <Svg width={size} height={size} viewBox={viewBox} aria-hidden="true" focusable="false">
      {children}
    </Svg>
  );
}

/** An icon of the layout's sprite: the symbol brings its own view box. */
function SpriteIcon({ size, id }: { size: number; id: string }) {
  return (
    <Svg width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`${LAYOUT_SPRITE}#${id}`} />
    </Svg>
  );
}

type IconProps = { size?: number };

/**
 * The icons of the header and footer (social-network marks, the language globe, the new-tab mark,
 * the user menu's avatar and chevron) are on every page: they live in one cached file instead of in
 * every page's HTML (decisions 0011, 0056). Bump the version in the name when
 * public/icons/layout-v1.svg changes.
 */
const LAYOUT_SPRITE = '/icons/layout-v1.svg';

export const ExternalLinkIcon = ({ size = 14 }: IconProps) => <SpriteIcon size={size} id="external" />;

export const XIcon = ({ size = 20 }: IconProps) => <SpriteIcon size={size} id="x" />;

export const FacebookIcon = ({ size = 20 }: IconProps) => <SpriteIcon size={size} id="facebook" />;

export const InstagramIcon = ({ size = 20 }: IconProps) => <SpriteIcon size={size} id="instagram" />;

export const LineIcon = ({ size = 20 }: IconProps) => <SpriteIcon size={size} id="line" />;

export const AvatarIcon = ({ size = 24 }: IconProps) => <SpriteIcon size={size} id="avatar" />;

export const GlobeIcon = ({ size = 16 }: IconProps) => <SpriteIcon size={size} id="globe" />;

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

export const ChevronDownIcon = ({ size = 16 }: IconProps) => <SpriteIcon size={size} id="chevron-down" />;

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
