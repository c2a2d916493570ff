import styled from '@emotion/styled';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type MypageMenuItem, sliderScrollAfterStep } from '#domain/mypage/navigation.ts';
import { MenuEntries } from './menu-entries.tsx';

const Nav = styled.nav`
  display: none;
  align-items: center;
  gap: 4px;
  margin: 0 0 20px;
  ${({ theme }) => theme.mobile} {
    display: flex;
  }
`;

const Track = styled.ul`
  display: flex;
  flex: 1 1 auto;
  gap: 8px;
  min-width: 0;
  margin: 0;
  padding: 4px 2px;
  list-style: none;
  overflow-x: auto;
  scroll-behavior: auto;
  scrollbar-width: none;
  &::-webkit-scrollbar {
    display: none;
  }
`;

const Item = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: 40px;
  padding: 0 16px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.pill};
  color: inherit;
  text-decoration: none;
  font-weight: 600;
  white-space: nowrap;
  &[aria-current='page'] {
    border-color: ${({ theme }) => theme.color.accent};
    color: ${({ theme }) => theme.color.accentText};
  }
`;

const Step = styled.button`
  flex: 0 0 auto;
  width: 36px;
  height: 36px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: 50%;
  background: ${({ theme }) => theme.color.surface};
  color: inherit;
  font: inherit;
  font-size: 1.125rem;
  line-height: 1;
  cursor: pointer;
  &:disabled {
    cursor: default;
    opacity: 0.4;
  }
`;

/** The My Page menu below 1000 px: one row that scrolls 160 px per press of its arrows (spec 2). */
export function SliderMenu(props: { items: MypageMenuItem[]; pathname: string }) {
  const { t } = useLingui();
  const track = useRef<HTMLUListElement>(null);
  const [ends, setEnds] = useState({ atStart: true, atEnd: false });

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    const max = el.scrollWidth - el.clientWidth;
    setEnds({ atStart: el.scrollLeft <= 0, atEnd: el.scrollLeft >= max - 1 });
  }, []);

  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);

  const step = (direction: 'back' | 'forward') => {
    const el = track.current;
    if (!el) return;
    el.scrollLeft = sliderScrollAfterStep(el.scrollLeft, direction, el.scrollWidth - el.clientWidth);
    measure();
  };

  return (
    <Nav aria-label={t`マイページメニュー`} data-testid="mypage-slider-menu">
      <Step type="button" aria-label={t`メニューを前へ送る`} disabled={ends.atStart} onClick={() => step('back')}>
        ‹
      </Step>
      <Track ref={track} onScroll={measure} data-testid="mypage-slider-track">
        <MenuEntries items={props.items} pathname={props.pathname} Item={Item} />
      </Track>
      <Step type="button" aria-label={t`メニューを次へ送る`} disabled={ends.atEnd} onClick={() => step('forward')}>
        ›
      </Step>
    </Nav>
  );
}
