import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { useReturnTo, withReturnTo } from '#client/identity/return-to.ts';
import { useRootData } from '#client/root-data.ts';
import { ButtonLink } from '#client/ui/button.ts';
import { AvatarIcon, ChevronDownIcon } from '#client/ui/icons.tsx';
import { VisuallyHidden } from '#client/ui/visually-hidden.ts';
import { useProfileImage } from './use-profile-image.ts';

const GuestLinks = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  ${({ theme }) => theme.mobile} {
    gap: 4px;
  }
`;

const HeaderButton = styled(ButtonLink)`
  white-space: nowrap;
  ${({ theme }) => theme.mobile} {
    min-height: 36px;
    padding: 6px 12px;
    font-size: 0.8125rem;
  }
`;

const Wrapper = styled.div`
  position: relative;
`;

const MenuButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  min-height: 44px;
  padding: 2px 6px 2px 2px;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: transparent;
  color: inherit;
  font: inherit;
  cursor: pointer;
  &:hover,
  &[aria-expanded='true'] {
    border-color: currentColor;
  }
`;

const Avatar = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 38px;
  height: 38px;
  border-radius: 50%;
  overflow: hidden;
  background: ${({ theme }) => theme.color.accent};
  color: ${({ theme }) => theme.color.onAccent};
  & img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Panel = styled.ul`
  position: absolute;
  right: 0;
  top: calc(100% + 8px);
  z-index: 20;
  min-width: 200px;
  margin: 0;
  padding: 8px 0;
  list-style: none;
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  & :focus-visible {
    outline-color: ${({ theme }) => theme.color.focusRing};
  }
  &[hidden] {
    display: none;
  }
`;

const PanelLink = styled.a`
  display: block;
  padding: 10px 20px;
  color: inherit;
  text-decoration: none;
  font-weight: 600;
  &:hover {
    background: ${({ theme }) => theme.color.accentSoft};
  }
`;

/** The profile-image menu of a signed-in viewer: a disclosure button and two links. */
function MemberMenu() {
  const { t } = useLingui();
  const { authId, storeSettingData } = useRootData();
  const { urlPathname } = usePageContext();
  const image = useProfileImage(authId, storeSettingData.features.profileImage);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // Closes when the page changes under the menu (client-side navigation).
  // biome-ignore lint/correctness/useExhaustiveDependencies: urlPathname is the trigger, not an input.
  useEffect(() => setOpen(false), [urlPathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!wrapper.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <Wrapper
      ref={wrapper}
      onBlur={(e) => {
        if (open && !e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <MenuButton ref={button} type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((v) => !v)}>
        <Avatar>{image ? <img src={image} alt="" width={38} height={38} /> : <AvatarIcon size={24} />}</Avatar>
        <ChevronDownIcon />
        <VisuallyHidden>{t`アカウントメニュー`}</VisuallyHidden>
      </MenuButton>
      <Panel id={panelId} hidden={!open}>
        <li>
          <PanelLink href="/mypage">
            <Trans>マイページ</Trans>
          </PanelLink>
        </li>
        <li>
          {/* Logout is a server page: a full page load. */}
          <PanelLink href="/logout" data-vike="false">
            <Trans>ログアウト</Trans>
          </PanelLink>
        </li>
      </Panel>
    </Wrapper>
  );
}

/** The right-hand area of the header: the member menu, or log-in and sign-up links for guests. */
export function UserMenu() {
  const { authId } = useRootData();
  // On a page that carries where to return (/login?redirectTo=/plans/…), both ways in keep it.
  const returnTo = useReturnTo();
  if (authId) return <MemberMenu />;
  return (
    <GuestLinks>
      <HeaderButton href={withReturnTo('/login', returnTo)} variant="quiet" size="sm">
        <Trans>ログイン</Trans>
      </HeaderButton>
      <HeaderButton href={withReturnTo('/signup', returnTo)} variant="primary" size="sm">
        <Trans>新規登録</Trans>
      </HeaderButton>
    </GuestLinks>
  );
}
