import { useLingui } from '@lingui/react/macro';
import type { ComponentType, ReactNode } from 'react';
import { MENU_ITEM_PATHS, type MypageMenuItem, TOP_PATH } from '#domain/mypage/navigation.ts';
import { MENU_ITEM_TEXTS } from './menu-texts.ts';

/** Whether a menu item is the page shown (Home only on /mypage itself). */
export function isCurrentItem(item: MypageMenuItem, pathname: string): boolean {
  const path = MENU_ITEM_PATHS[item];
  return item === 'home' ? pathname === path : pathname === path || pathname.startsWith(`${path}/`);
}

/**
 * The entries of either My Page menu (the side column, the slider): the store's items, the current
 * one marked, then back to the top; `Item` is the menu's own link style.
 */
export function MenuEntries(props: {
  items: MypageMenuItem[];
  pathname: string;
  Item: ComponentType<{ href: string; 'aria-current'?: 'page'; children: ReactNode }>;
}) {
  const { t } = useLingui();
  const { Item } = props;
  return (
    <>
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
    </>
  );
}
