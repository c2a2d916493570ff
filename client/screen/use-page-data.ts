import { useData } from 'vike-react/useData';
import type { PageData, PagePattern } from '#domain/page-data.ts';

/**
 * The page's data, typed by its route pattern from domain/page-data.ts: the same table the
 * server's loader for that pattern is checked against, so page and loader cannot drift apart.
 */
export function usePageData<P extends PagePattern>(_pattern: P): PageData<P> {
  return useData<PageData<P>>();
}
