import styled from '@emotion/styled';
import { Trans } from '@lingui/react/macro';
import { type ReactNode, useEffect, useRef } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

const Shell = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

const SkipLink = styled.a`
  position: absolute;
  left: 16px;
  top: -100px;
  z-index: 100;
  padding: 12px 20px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font-weight: 700;
  box-shadow: ${({ theme }) => theme.shadow.raised};
  &:focus {
    top: 12px;
  }
`;

const Main = styled.main`
  flex: 1 0 auto;
  &:focus {
    outline: none;
  }
`;

export const MAIN_ID = 'main';

/**
 * The guest layout (spec 2): skip link, sticky header, main and footer. It stays mounted across
 * client-side navigation; after one, focus moves to the new page's main content for screen readers.
 */
export function GuestLayout({ children }: { children: ReactNode }) {
  const { urlPathname } = usePageContext();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [urlPathname]);
  return (
    <Shell>
      <SkipLink href={`#${MAIN_ID}`}>
        <Trans>メインコンテンツへスキップ</Trans>
      </SkipLink>
      <SiteHeader />
      <Main id={MAIN_ID} ref={main} tabIndex={-1}>
        {children}
      </Main>
      <SiteFooter />
    </Shell>
  );
}
