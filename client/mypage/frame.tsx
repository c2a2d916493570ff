import styled from '@emotion/styled';
import type { ReactNode } from 'react';

const Outer = styled.div`
  max-width: 1200px;
  margin: 0 auto;
  padding: 40px 32px 80px;
  ${({ theme }) => theme.mobile} {
    padding: 20px 12px 48px;
  }
`;

const Title = styled.h1`
  margin: 0 0 24px;
  font-size: 1.5rem;
`;

/**
 * The frame of every My Page screen (/mypage/*, /withdraw*): the page's title and content, with the
 * side menu on wide screens, the slider menu below 1000 px, or the back link, as the rules of
 * domain/mypage/navigation.ts decide for the current page (the menus arrive with the layout work).
 */
export function MyPageFrame(props: { title: string; children: ReactNode }) {
  return (
    <Outer>
      <Title>{props.title}</Title>
      {props.children}
    </Outer>
  );
}
