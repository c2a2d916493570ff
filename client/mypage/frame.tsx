import styled from '@emotion/styled';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { useRootData } from '#client/root-data.ts';
import { mypageNavigation } from '#domain/mypage/navigation.ts';
import { usePreviousPage } from './previous-page.ts';
import { SideMenu } from './side-menu.tsx';
import { SliderMenu } from './slider-menu.tsx';

const Outer = styled.div`
  max-width: 1200px;
  margin: 0 auto;
  padding: 40px 32px 80px;
  ${({ theme }) => theme.mobile} {
    padding: 20px 12px 48px;
  }
`;

const WithMenu = styled.div`
  display: grid;
  grid-template-columns: 240px minmax(0, 1fr);
  gap: 40px;
  align-items: start;
  ${({ theme }) => theme.mobile} {
    display: block;
  }
`;

const Content = styled.div`
  min-width: 0;
`;

const Title = styled.h1`
  margin: 0 0 24px;
  font-size: 1.5rem;
`;

const Back = styled.a`
  display: inline-block;
  margin: 0 0 16px;
  color: ${({ theme }) => theme.color.accentText};
  font-weight: 600;
`;

/**
 * The frame of every My Page screen (/mypage/*, /withdraw*): the page's title and content, with the
 * side menu on wide screens and the slider menu below 1000 px, or only a back link, as
 * domain/mypage/navigation.ts decides for the current page (no menu in the app, on completion
 * pages, on the social-relate error page). `backTo` fixes the back link's target for a page
 * whose target the rules do not know.
 */
export function MyPageFrame(props: { title: string; children: ReactNode; backTo?: string }) {
  const { urlPathname } = usePageContext();
  const { browserInfo, storeStatus } = useRootData();
  const storedPrevious = usePreviousPage();
  const nav = mypageNavigation({ pathname: urlPathname, isApp: browserInfo.isApp, status: storeStatus, storedPrevious });
  const body = (
    <>
      <Title>{props.title}</Title>
      {props.children}
    </>
  );
  if (nav.menu) {
    return (
      <Outer>
        <SliderMenu items={nav.menu} pathname={urlPathname} />
        <WithMenu>
          <SideMenu items={nav.menu} pathname={urlPathname} />
          <Content>{body}</Content>
        </WithMenu>
      </Outer>
    );
  }
  const back = props.backTo ?? nav.backLink;
  return (
    <Outer>
      {back && (
        <Back href={back} data-testid="mypage-back-link">
          <Trans>戻る</Trans>
        </Back>
      )}
      {body}
    </Outer>
  );
}
