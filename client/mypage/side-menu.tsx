import styled from '@emotion/styled';
import { useLingui } from '@lingui/react/macro';
import { MENU_ITEM_PATHS, type MypageMenuItem, TOP_PATH } from '#domain/mypage/navigation.ts';
import { MENU_ITEM_TEXTS } from './menu-texts.ts';

const Nav = styled.nav`
  ${({ theme }) => theme.mobile} {
    display: none;
  }
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;

const Item = styled.a`
  display: block;
  padding: 14px 16px;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  color: inherit;
  text-decoration: none;
  font-weight: 600;
  &:hover {
    background: ${({ theme }) => theme.color.accentSoft};
  }
  &[aria-current='page'] {
    color: ${({ theme }) => theme.color.accentText};
    box-shadow: inset 4px 0 0 ${({ theme }) => theme.color.accent};
  }
`;

/** Whether a menu item is the page shown (Home only on /mypage itself). */
export function isCurrentItem(item: MypageMenuItem, pathname: string): boolean {
  const path = MENU_ITEM_PATHS[item];
  return item === 'home' ? pathname === path : pathname === path || pathname.startsWith(`${path}/`);
}

/** The My Page menu of wide screens: a column beside the content (spec 2). */
export function SideMenu(props: { items: MypageMenuItem[]; pathname: string }) {
  const { t } = useLingui();
  return (
    <Nav aria-label={t`マイページメニュー`} data-testid="mypage-side-menu">
      <List>
        {props.items.map((item) => (
          <li key={item}>
            <Item href={MENU_ITEM_PATHS[item]} aria-current={isCurrentItem(item, props.pathname) ? 'page' : undefined}>
              {t(MENU_ITEM_TEXTS[item])}
            </Item>
          </li>
        ))}
        <li>
          <Item href={TOP_PATH}>{t`トップページへ戻る`}</Item>
        </li>
      </List>
    </Nav>
  );
}
