import styled from '@emotion/styled';
import { Trans } from '@lingui/react/macro';
import { useCallback, useEffect, useRef } from 'react';
import { CheckCircleIcon } from '#client/ui/icons.tsx';
import { isScrolledToEnd, policyParagraphs } from './policy-reading.ts';

const Box = styled.div`
  max-height: 260px;
  overflow-y: auto;
  padding: 14px 16px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.background};
  font-size: 0.875rem;
  line-height: 1.8;
  overscroll-behavior: contain;
  & p {
    margin: 0;
    white-space: pre-line;
  }
  & p + p {
    margin-top: 12px;
  }
  ${({ theme }) => theme.mobile} {
    max-height: 220px;
  }
`;

const Status = styled.p`
  display: flex;
  align-items: center;
  gap: 6px;
  margin: 6px 0 0;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.textMuted};
  &[data-read='true'] {
    color: ${({ theme }) => theme.color.success};
    font-weight: 700;
  }
`;

type Props = { id: string; title: string; body: string; read: boolean; onRead: () => void };

/**
 * The text of an internal policy in a scroll box (spec 4: read to the end before consenting).
 * The box is focusable, so it scrolls with the keyboard too; text that fits counts as read.
 */
export function PolicyText({ id, title, body, read, onRead }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const check = useCallback(() => {
    if (!read && ref.current && isScrolledToEnd(ref.current)) onRead();
  }, [read, onRead]);
  useEffect(() => {
    check();
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(box);
    return () => observer.disconnect();
  }, [check]);
  return (
    <div>
      {/* Focusable (tabIndex 0), so the text can be scrolled with the keyboard (WCAG 2.1.1). */}
      <Box ref={ref} id={id} role="region" aria-label={title} tabIndex={0} onScroll={check}>
        {policyParagraphs(body).map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text, never reordered.
          <p key={i}>{p}</p>
        ))}
      </Box>
      <Status data-read={read} aria-live="polite">
        {read ? (
          <>
            <CheckCircleIcon />
            <Trans>最後までお読みいただきました。</Trans>
          </>
        ) : (
          <Trans>最後までスクロールしてお読みください。</Trans>
        )}
      </Status>
    </div>
  );
}
