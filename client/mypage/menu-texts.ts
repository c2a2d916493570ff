import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MypageMenuItem } from '#domain/mypage/navigation.ts';

/** The words of the My Page menu's items (side and slider menus alike). */
export const MENU_ITEM_TEXTS: Readonly<Record<MypageMenuItem, MessageDescriptor>> = {
  home: msg`ホーム`,
  plans: msg`プラン`,
  paymentMethod: msg`お支払い方法`,
  paymentHistory: msg`お支払い履歴`,
};
