import type { ReactNode } from 'react';
import { GuestLayout } from '#client/layout/guest-layout.tsx';
import { useRecordPages } from '#client/mypage/previous-page.ts';

export default function Layout({ children }: { children: ReactNode }) {
  useRecordPages();
  return <GuestLayout>{children}</GuestLayout>;
}
