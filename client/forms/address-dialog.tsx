import styled from '@emotion/styled';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '#client/ui/button.ts';
import { ChoiceLabel } from './controls.ts';
import type { AddressFill } from './postal-fill.ts';

const Dialog = styled.dialog`
  width: min(560px, calc(100vw - 24px));
  max-height: calc(100vh - 48px);
  padding: 0;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  overflow: hidden;
  &::backdrop {
    background: rgba(0, 0, 0, 0.55);
  }
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  max-height: calc(100vh - 48px);
`;

const Head = styled.div`
  padding: 20px 24px 8px;
  & h2 {
    margin: 0 0 4px;
    font-size: 1.125rem;
  }
  & p {
    margin: 0;
    font-size: 0.875rem;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

/** The scrolling part: a div, since a fieldset does not shrink inside a flex column. */
const Scroller = styled.div`
  flex: 1 1 auto;
  min-height: 0;
  overflow-y: auto;
  padding: 4px 24px;
  overscroll-behavior: contain;
`;

const List = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  & label {
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 12px;
  padding: 16px 24px 20px;
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;

type Props = { choices: AddressFill[]; onPick: (fill: AddressFill) => void; onClose: () => void };

/**
 * A modal dialog listing the addresses of a postal code; 決定 is enabled once one is picked.
 * Rendered only in the browser (after a search).
 * The native <dialog> keeps focus inside and closes on Escape; the opener takes focus back
 * (onPick, onClose).
 */
export function AddressDialog({ choices, onPick, onClose }: Props) {
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  const choice = choices.find((c) => c.key === picked);
  // In a portal: outside the sign-up form, so Enter on a choice does not send the form.
  return createPortal(
    <Dialog ref={ref} aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      <Body>
        <Head>
          <h2 id={titleId}>
            <Trans>住所を選択してください</Trans>
          </h2>
          {/* A repeat lookup of a code with one address offers that one (spec 2). */}
          {choices.length > 1 ? (
            <p>
              <Trans>この郵便番号には複数の住所があります。</Trans>
            </p>
          ) : null}
        </Head>
        <Scroller>
          <List aria-labelledby={titleId}>
            {choices.map((c) => (
              <ChoiceLabel key={c.key}>
                <input type="radio" name="address-choice" value={c.key} checked={picked === c.key} onChange={() => setPicked(c.key)} />
                {c.label}
              </ChoiceLabel>
            ))}
          </List>
        </Scroller>
        <Actions>
          <Button type="button" variant="secondary" onClick={onClose}>
            {t`キャンセル`}
          </Button>
          <Button type="button" variant="primary" disabled={!choice} onClick={() => choice && onPick(choice)}>
            {t`決定`}
          </Button>
        </Actions>
      </Body>
    </Dialog>,
    document.body,
  );
}
