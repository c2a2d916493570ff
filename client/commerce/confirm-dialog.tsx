import styled from '@emotion/styled';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '#client/ui/button.ts';

const Dialog = styled.dialog`
  width: min(480px, calc(100vw - 24px));
  padding: 0;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  &::backdrop {
    background: rgba(0, 0, 0, 0.55);
  }
`;

const Body = styled.div`
  padding: 24px;
  & h2 {
    margin: 0 0 8px;
    font-size: 1.125rem;
  }
  & p {
    margin: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 12px;
  padding: 16px 24px 20px;
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;

type Props = {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The closing button's words; キャンセル when not given. */
  cancelLabel?: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * A modal confirmation (the native <dialog>: focus stays inside, Escape closes). Rendered only in
 * the browser, after a press; the opener takes focus back on close.
 */
export function ConfirmDialog({ title, children, confirmLabel, cancelLabel, busy, onConfirm, onClose }: Props) {
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return createPortal(
    <Dialog ref={ref} aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      <Body>
        <h2 id={titleId}>{title}</h2>
        {children}
      </Body>
      <Actions>
        <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
          {cancelLabel ?? t`キャンセル`}
        </Button>
        <Button type="button" variant="primary" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
          {confirmLabel}
        </Button>
      </Actions>
    </Dialog>,
    document.body,
  );
}
