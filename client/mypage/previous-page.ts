// The page a member came from, for the back link of the My Page screens without a menu (spec 2:
// "returns to the stored previous page, or to My Page"). Kept in sessionStorage: per tab, gone
// with the tab, never sent to the server. Storage may be unavailable (a private mode, a quota, a
// policy): then nothing is stored and the back link goes to My Page. What is read is only a
// candidate: domain/mypage/navigation.ts accepts it only as a same-site path.
import { useEffect, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';

const CURRENT = 'mypage.page.current';
const PREVIOUS = 'mypage.page.previous';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** The page being shown now: its path and query (never the origin or a fragment). */
function here(): string {
  return `${window.location.pathname}${window.location.search}`;
}

type Stored = { current: string | null; previous: string | null };

/** What the store holds after the tab shows `now`: unchanged for the same page (a reload). */
export function recordPage(stored: Stored, now: string): Stored {
  if (stored.current === now) return stored;
  return { current: now, previous: stored.current ?? stored.previous };
}

/**
 * The page shown before `now`, whether or not `now` is recorded yet (the recording effect of the
 * layout and the reading effect of the frame run in either order).
 */
export function previousPage(stored: Stored, now: string): string | null {
  return stored.current !== null && stored.current !== now ? stored.current : stored.previous;
}

/** Records each page the tab shows, so the next page knows the one before it. */
export function useRecordPages(): void {
  const { urlPathname } = usePageContext();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes.
  useEffect(() => {
    const s = storage();
    if (!s) return;
    try {
      const stored = { current: s.getItem(CURRENT), previous: s.getItem(PREVIOUS) };
      const next = recordPage(stored, here());
      if (next === stored || next.current === null) return;
      s.setItem(CURRENT, next.current);
      if (next.previous !== null) s.setItem(PREVIOUS, next.previous);
    } catch {
      // A full or refused storage: the back link falls back to My Page.
    }
  }, [urlPathname]);
}

/**
 * The page shown before this one, or null (the server render, the first page of a tab, no
 * storage). Independent of the order in which the recording effect runs: until it has recorded
 * this page, the stored current page is the previous one.
 */
export function usePreviousPage(): string | null {
  const { urlPathname } = usePageContext();
  const [previous, setPrevious] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes.
  useEffect(() => {
    setPrevious(previousPage({ current: read(CURRENT), previous: read(PREVIOUS) }, here()));
  }, [urlPathname]);
  return previous;
}
