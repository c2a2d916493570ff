import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { FacebookIcon, InstagramIcon, LineIcon, XIcon } from '#client/ui/icons.tsx';
import { VisuallyHidden } from '#client/ui/visually-hidden.ts';
import type { PublicStoreSettings } from '#config-schema/public-settings.ts';

type SocialMediaLinks = PublicStoreSettings['footers']['socialMediaLinks'];

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const IconLink = styled.a`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border-radius: 50%;
  border: 1px solid currentColor;
  color: inherit;
  transition: transform 0.15s ease;
  &:hover {
    transform: translateY(-2px);
  }
  @media (prefers-reduced-motion: reduce) {
    transition: none;
    &:hover {
      transform: none;
    }
  }
`;

/** X, Facebook, Instagram and LINE, each only when the store set its address. */
export function SocialLinks({ links }: { links: SocialMediaLinks }) {
  const { t } = useLingui();
  const items: Array<{ key: string; url: string | undefined; name: string; icon: ReactNode }> = [
    { key: 'x', url: links.twitterUrl, name: 'X', icon: <XIcon /> },
    { key: 'facebook', url: links.facebookUrl, name: 'Facebook', icon: <FacebookIcon /> },
    { key: 'instagram', url: links.instagramUrl, name: 'Instagram', icon: <InstagramIcon /> },
    { key: 'line', url: links.lineUrl, name: 'LINE', icon: <LineIcon /> },
  ];
  const shown = items.filter((i) => i.url);
  if (shown.length === 0) return null;
  return (
    <List aria-label={t`公式SNS`}>
      {shown.map((item) => (
        <li key={item.key}>
          <IconLink href={item.url} target="_blank" rel="noopener noreferrer">
            {item.icon}
            <VisuallyHidden>
              {item.name}
              <Trans>（新しいタブで開きます）</Trans>
            </VisuallyHidden>
          </IconLink>
        </li>
      ))}
    </List>
  );
}
