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

/** Records each page the tab shows, so the next page knows the one before it. */
export function useRecordPages(): void {
  const { urlPathname } = usePageContext();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes.
  useEffect(() => {
    const s = storage();
    if (!s) return;
    const now = here();
    try {
      const current = s.getItem(CURRENT);
      if (current === now) return; // a reload, or a query-only change of this page
      if (current !== null) s.setItem(PREVIOUS, current);
      s.setItem(CURRENT, now);
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
    const now = here();
    const current = read(CURRENT);
    setPrevious(current !== null && current !== now ? current : read(PREVIOUS));
  }, [urlPathname]);
  return previous;
}
