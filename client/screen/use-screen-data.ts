import { useData } from 'vike-react/useData';
import type { PageData, PagePattern } from '#domain/screen-data.ts';

/**
 * The page's data, typed by its route pattern from domain/screen-data.ts: the same table the
 * server's loader for that pattern is checked against, so page and loader cannot drift apart.
 */
export function usePageData<P extends PagePattern>(_pattern: P): PageData<P> {
  return useData<PageData<P>>();
}

/** The same outside React (a page's +title hook), from its pageContext. */
export function pageDataOf<P extends PagePattern>(pageContext: { data?: unknown }, _pattern: P): PageData<P> | undefined {
  return pageContext.data as PageData<P> | undefined;
}
