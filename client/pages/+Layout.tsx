import type { ReactNode } from 'react';
import { GuestLayout } from '#client/layout/guest-layout.tsx';

export default function Layout({ children }: { children: ReactNode }) {
  return <GuestLayout>{children}</GuestLayout>;
}
