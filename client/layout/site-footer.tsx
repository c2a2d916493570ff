import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePageContext } from 'vike-react/usePageContext';
import { useRootData } from '#client/root-data.ts';
import { ExternalMark } from '#client/ui/external-mark.tsx';
import { GlobeIcon } from '#client/ui/icons.tsx';
import { LEGAL_NOTICE_PATH } from '#domain/commerce/legal-paths.ts';
import { pickText } from '#domain/localized-text.ts';
import { visibleFooterLinks } from './footer-links.ts';
import { languageSwitchHref, otherLanguage } from './language-switch-href.ts';
import { SocialLinks } from './social-links.tsx';

const Footer = styled.footer`
  background: ${({ theme }) => theme.color.footerBackground};
  color: ${({ theme }) => theme.color.footerText};
  font-size: 0.875rem;
  & :focus-visible {
    outline-color: ${({ theme }) => theme.color.footerText};
  }
`;

const Inner = styled.div`
  max-width: 1200px;
  margin: 0 auto;
  padding: 48px 32px 32px;
  ${({ theme }) => theme.mobile} {
    padding: 32px 20px 24px;
  }
`;

const Top = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: 32px;
  ${({ theme }) => theme.mobile} {
    flex-direction: column;
    gap: 24px;
  }
`;

const FooterNav = styled.nav`
  ${({ theme }) => theme.mobile} {
    width: 100%;
  }
`;

const LinkList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 12px 28px;
  margin: 0;
  padding: 0;
  list-style: none;
  max-width: 760px;
  ${({ theme }) => theme.mobile} {
    flex-direction: column;
    gap: 0;
    width: 100%;
    & > li {
      border-bottom: 1px solid color-mix(in srgb, currentColor 18%, transparent);
    }
  }
`;

const FooterLink = styled.a`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  color: inherit;
  text-decoration: none;
  padding: 4px 0;
  &:hover {
    text-decoration: underline;
    text-underline-offset: 0.2em;
  }
  ${({ theme }) => theme.mobile} {
    display: flex;
    padding: 12px 0;
  }
`;

const Aside = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 16px;
  ${({ theme }) => theme.mobile} {
    align-items: flex-start;
  }
`;

const LanguageLink = styled.a`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 40px;
  padding: 6px 16px;
  border: 1px solid currentColor;
  border-radius: ${({ theme }) => theme.radius.pill};
  color: inherit;
  text-decoration: none;
  font-weight: 600;
  &:hover {
    text-decoration: underline;
    text-underline-offset: 0.2em;
  }
`;

const Notices = styled.div`
  margin-top: 32px;
  padding-top: 24px;
  border-top: 1px solid color-mix(in srgb, currentColor 22%, transparent);
  font-size: 0.75rem;
  line-height: 1.8;
  & p {
    margin: 0 0 4px;
  }
`;

const Bottom = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 8px 24px;
  margin-top: 20px;
  font-size: 0.75rem;
  & p {
    margin: 0;
  }
  & small {
    font-size: inherit;
  }
`;

const LICENSES_PATH = '/app/licenses';

/** Spec 2: configurable links, social links, notices, copyright, powered-by and the language switch. */
export function SiteFooter() {
  const { t } = useLingui();
  const { storeSettingData: s, authId, lang, browserInfo } = useRootData();
  const { urlParsed } = usePageContext();
  const links = visibleFooterLinks(s.footers.footerLinks, { signedIn: authId !== '', isApp: browserInfo.isApp, lang });
  const target = otherLanguage(lang);
  const notices = [
    ...s.footers.trademarks.map((text) => ({ key: `trademark:${text.ja}`, text })),
    ...s.footers.licenses.map((text) => ({ key: `licence:${text.ja}`, text })),
  ];
  // Every store's 特定商取引法に基づく表記 (decision 0045), unless its own links have the page; the
  // app hides sales (spec 6) and the link with them.
  const showLegalNotice = !browserInfo.isApp && !links.some((l) => l.href === LEGAL_NOTICE_PATH);
  // The licence page link is the Android app's (spec 2), unless the store's own links have it.
  const showLicensePage = browserInfo.isApp && browserInfo.isAndroid && !links.some((l) => l.href === LICENSES_PATH);
  return (
    <Footer>
      <Inner>
        <Top>
          {links.length > 0 || showLegalNotice ? (
            <FooterNav aria-label={t`フッターメニュー`}>
              <LinkList>
                {links.map((link) =>
                  link.external ? (
                    <li key={link.key}>
                      <FooterLink href={link.href} target="_blank" rel="noopener noreferrer">
                        {link.name}
                        <ExternalMark />
                      </FooterLink>
                    </li>
                  ) : (
                    <li key={link.key}>
                      <FooterLink href={link.href}>{link.name}</FooterLink>
                    </li>
                  ),
                )}
                {showLegalNotice ? (
                  <li>
                    <FooterLink href={LEGAL_NOTICE_PATH}>
                      <Trans>特定商取引法に基づく表記</Trans>
                    </FooterLink>
                  </li>
                ) : null}
              </LinkList>
            </FooterNav>
          ) : null}
          <Aside>
            <SocialLinks links={s.footers.socialMediaLinks} />
            {/* A full page load: the language is decided on the server, per request. */}
            <LanguageLink
              href={languageSwitchHref(urlParsed.pathname, urlParsed.searchOriginal ?? '', target)}
              hrefLang={target}
              lang={target}
              data-vike="false"
            >
              <GlobeIcon />
              {target === 'en' ? 'English' : '日本語'}
            </LanguageLink>
          </Aside>
        </Top>
        {notices.length > 0 || showLicensePage ? (
          <Notices>
            {notices.map((notice) => (
              <p key={notice.key}>{pickText(notice.text, lang)}</p>
            ))}
            {showLicensePage ? (
              <p>
                <FooterLink href={LICENSES_PATH}>
                  <Trans>ライセンス</Trans>
                </FooterLink>
              </p>
            ) : null}
          </Notices>
        ) : null}
        <Bottom>
          <p>
            <small>{s.footers.copyright}</small>
          </p>
          {s.enablePoweredByPvs ? (
            <p>
              <Trans>Powered by PVS</Trans>
            </p>
          ) : null}
        </Bottom>
      </Inner>
    </Footer>
  );
}
