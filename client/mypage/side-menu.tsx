import styled from '@emotion/styled';
import { useLingui } from '@lingui/react/macro';
import { RuledList } from '#client/ui/blocks.ts';
import type { MypageMenuItem } from '#domain/mypage/navigation.ts';
import { MenuEntries } from './menu-entries.tsx';

const Nav = styled.nav`
  ${({ theme }) => theme.mobile} {
    display: none;
  }
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

/** The My Page menu of wide screens: a column beside the content (spec 2). */
export function SideMenu(props: { items: MypageMenuItem[]; pathname: string }) {
  const { t } = useLingui();
  return (
    <Nav aria-label={t`マイページメニュー`} data-testid="mypage-side-menu">
      <RuledList>
        <MenuEntries items={props.items} pathname={props.pathname} Item={Item} />
      </RuledList>
    </Nav>
  );
}
