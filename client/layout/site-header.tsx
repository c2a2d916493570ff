import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePageContext } from 'vike-react/usePageContext';
import { useRootData } from '#client/root-data.ts';
import { useScrolled } from './use-scrolled.ts';
import { UserMenu } from './user-menu.tsx';

const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: 10;
  background: ${({ theme }) => theme.color.headerBackground};
  color: ${({ theme }) => theme.color.headerText};
  border-bottom: 1px solid ${({ theme }) => theme.color.headerRule};
  transition: box-shadow 0.2s ease;
  &[data-scrolled='true'] {
    box-shadow: 0 4px 18px ${({ theme }) => theme.color.headerShadow};
  }
  & :focus-visible {
    outline-color: ${({ theme }) => theme.color.headerText};
  }
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

// The scrolled state changes only paint (shadow, logo scale), never the header's height: a
// height change would move the page under the reader and make the browser re-anchor the scroll.
const Inner = styled.div`
  display: flex;
  align-items: center;
  gap: 32px;
  max-width: 1200px;
  height: 68px;
  margin: 0 auto;
  padding: 0 32px;
  ${({ theme }) => theme.mobile} {
    gap: 12px;
    height: 56px;
    padding: 0 12px 0 16px;
  }
`;

const LogoLink = styled.a`
  display: inline-flex;
  align-items: center;
  flex: none;
  transform-origin: left center;
  transition: transform 0.2s ease;
  [data-scrolled='true'] & {
    transform: scale(0.9);
  }
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

const LogoPc = styled.img`
  display: block;
  width: auto;
  height: 40px;
  ${({ theme }) => theme.mobile} {
    display: none;
  }
`;

const LogoSp = styled.img`
  display: none;
  width: auto;
  height: 36px;
  ${({ theme }) => theme.mobile} {
    display: block;
  }
`;

const Nav = styled.nav`
  & ul {
    display: flex;
    gap: 8px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

const NavLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 0 12px;
  color: inherit;
  font-weight: 700;
  text-decoration: none;
  border-top: 3px solid transparent;
  border-bottom: 3px solid transparent;
  white-space: nowrap;
  &:hover {
    border-bottom-color: currentColor;
  }
  &[aria-current='page'] {
    border-bottom-color: ${({ theme }) => theme.color.accent};
  }
  ${({ theme }) => theme.mobile} {
    min-height: 36px;
    padding: 0 8px;
    font-size: 0.875rem;
  }
`;

const End = styled.div`
  margin-left: auto;
  display: flex;
  align-items: center;
`;

/** Logo (desktop and mobile images, switched by CSS), the plans link and the user menu. */
export function SiteHeader() {
  const { t } = useLingui();
  const { storeSettingData: s, browserInfo } = useRootData();
  const { urlPathname } = usePageContext();
  const scrolled = useScrolled();
  // The app hides menus (spec 2, 6).
  const showMenus = !browserInfo.isApp;
  return (
    <Header data-scrolled={scrolled ? 'true' : 'false'}>
      <Inner>
        <LogoLink href="/">
          {/* Both in the HTML, one shown by the media query: the link's name is the visible one's alt. */}
          <LogoPc src={s.images.logoPc} alt={s.serviceName} height={40} />
          <LogoSp src={s.images.logoSp} alt={s.serviceName} height={36} />
        </LogoLink>
        {showMenus ? (
          <>
            <Nav aria-label={t`メインメニュー`}>
              <ul>
                <li>
                  <NavLink href="/plans" aria-current={urlPathname === '/plans' ? 'page' : undefined}>
                    <Trans>プラン</Trans>
                  </NavLink>
                </li>
              </ul>
            </Nav>
            <End>
              <UserMenu />
            </End>
          </>
        ) : null}
      </Inner>
    </Header>
  );
}
