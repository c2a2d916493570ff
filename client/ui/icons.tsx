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

export const ExternalLinkIcon = ({ size = 14 }: IconProps) => (
  <Icon size={size}>
    <path d="M14 3h7v7h-2V6.41l-9.29 9.3-1.42-1.42 9.3-9.29H14V3ZM5 5h6v2H5v12h12v-6h2v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Z" />
  </Icon>
);

export const XIcon = ({ size = 20 }: IconProps) => (
  <Icon size={size}>
    <path d="M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.19L2 3h6.33l4.36 5.77L17.75 3Zm-1.08 16.2h1.7L7.4 4.73H5.57l11.1 14.47Z" />
  </Icon>
);

export const FacebookIcon = ({ size = 20 }: IconProps) => (
  <Icon size={size}>
    <path d="M24 12.07C24 5.4 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.05V9.41c0-3.02 1.79-4.69 4.53-4.69 1.31 0 2.68.23 2.68.23v2.97h-1.51c-1.49 0-1.96.93-1.96 1.89v2.26h3.33l-.53 3.49h-2.8V24C19.61 23.1 24 18.1 24 12.07Z" />
  </Icon>
);

export const InstagramIcon = ({ size = 20 }: IconProps) => (
  <Icon size={size}>
    <path d="M12 2.16c3.2 0 3.58.01 4.85.07 1.17.05 1.8.25 2.23.41.56.22.96.48 1.38.9.42.42.68.82.9 1.38.16.42.36 1.06.41 2.23.06 1.27.07 1.65.07 4.85s-.01 3.58-.07 4.85c-.05 1.17-.25 1.8-.41 2.23-.22.56-.48.96-.9 1.38-.42.42-.82.68-1.38.9-.42.16-1.06.36-2.23.41-1.27.06-1.65.07-4.85.07s-3.58-.01-4.85-.07c-1.17-.05-1.8-.25-2.23-.41a3.72 3.72 0 0 1-1.38-.9 3.72 3.72 0 0 1-.9-1.38c-.16-.42-.36-1.06-.41-2.23C2.17 15.58 2.16 15.2 2.16 12s.01-3.58.07-4.85c.05-1.17.25-1.8.41-2.23.22-.56.48-.96.9-1.38.42-.42.82-.68 1.38-.9.42-.16 1.06-.36 2.23-.41C8.42 2.17 8.8 2.16 12 2.16ZM12 0C8.74 0 8.33.01 7.05.07 5.78.13 4.9.33 4.14.63c-.79.3-1.46.72-2.12 1.38A5.86 5.86 0 0 0 .63 4.14C.33 4.9.13 5.78.07 7.05.01 8.33 0 8.74 0 12s.01 3.67.07 4.95c.06 1.27.26 2.15.56 2.91.3.79.72 1.46 1.38 2.12a5.86 5.86 0 0 0 2.13 1.39c.76.29 1.64.5 2.91.55C8.33 23.99 8.74 24 12 24s3.67-.01 4.95-.07c1.27-.06 2.15-.26 2.91-.56a5.86 5.86 0 0 0 2.12-1.38 5.86 5.86 0 0 0 1.39-2.13c.29-.76.5-1.64.55-2.91.06-1.28.08-1.69.08-4.95s-.01-3.67-.07-4.95c-.06-1.27-.26-2.15-.56-2.91a5.86 5.86 0 0 0-1.38-2.12A5.86 5.86 0 0 0 19.86.63C19.1.33 18.22.13 16.95.07 15.67.01 15.26 0 12 0Zm0 5.84a6.16 6.16 0 1 0 0 12.32 6.16 6.16 0 0 0 0-12.32ZM12 16a4 4 0 1 1 0-8 4 4 0 0 1 0 8Zm6.4-11.85a1.44 1.44 0 1 0 0 2.88 1.44 1.44 0 0 0 0-2.88Z" />
  </Icon>
);

export const LineIcon = ({ size = 20 }: IconProps) => (
  <Icon size={size}>
    <path d="M12 2C6.48 2 2 5.64 2 10.13c0 4.02 3.55 7.39 8.36 8.03.33.07.77.22.88.5.1.25.07.65.03.9l-.14.85c-.04.25-.2.99.87.54 1.07-.45 5.76-3.39 7.86-5.81C21.3 13.56 22 11.93 22 10.13 22 5.64 17.52 2 12 2Zm-3.56 10.53H6.45a.53.53 0 0 1-.52-.53V8.02a.53.53 0 0 1 1.05 0v3.46h1.46a.53.53 0 0 1 0 1.05Zm2.06-.53a.53.53 0 0 1-1.05 0V8.02a.53.53 0 0 1 1.05 0V12Zm4.79 0a.53.53 0 0 1-.95.32l-2.03-2.77V12a.53.53 0 0 1-1.05 0V8.02a.53.53 0 0 1 .95-.31l2.03 2.76V8.02a.53.53 0 0 1 1.05 0V12Zm3.22-2.52a.53.53 0 0 1 0 1.05h-1.46v.94h1.46a.53.53 0 0 1 0 1.05h-1.99a.53.53 0 0 1-.52-.52V8.02c0-.29.23-.53.52-.53h1.99a.53.53 0 0 1 0 1.05h-1.46v.94h1.46Z" />
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
