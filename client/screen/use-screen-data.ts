import { useData } from 'vike-react/useData';
import type { PagePattern, ScreenData } from '#domain/screen-data.ts';

/**
 * The page's data, typed by its route pattern from domain/screen-data.ts: the same table the
 * server's loader for that pattern is checked against, so page and loader cannot drift apart.
 */
export function useScreenData<P extends PagePattern>(_pattern: P): ScreenData<P> {
  return useData<ScreenData<P>>();
}

/** The same outside React (a page's +title hook), from its pageContext. */
export function screenDataOf<P extends PagePattern>(pageContext: { data?: unknown }, _pattern: P): ScreenData<P> | undefined {
  return pageContext.data as ScreenData<P> | undefined;
}
