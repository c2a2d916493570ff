import createCache, { type EmotionCache } from '@emotion/cache';

let browserCache: EmotionCache | null = null;

/** A server render's style cache and the names of its styles in the order they were inserted. */
export type ServerStyleCache = { cache: EmotionCache; order: string[] };

/**
 * Server: a new cache per render in Emotion's "compat" mode, which keeps each style's CSS in
 * `cache.inserted` instead of writing a `<style>` element beside the component. The page's CSS is
 * then served once as a stylesheet (`+headHtmlEnd.ts`, `page-stylesheet.ts`).
 */
export function serverStyleCache(): ServerStyleCache {
  const cache = createCache({ key: 'st' });
  cache.compat = true;
  const order: string[] = [];
  const insert = cache.insert;
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    if (cache.inserted[serialized.name] === undefined) order.push(serialized.name);
    return insert(selector, serialized, sheet, shouldCache);
  };
  return { cache, order };
}

/** Browser: one cache; the styles it inserts carry the nonce the server put on the page's scripts. */
export function browserStyleCache(): EmotionCache {
  if (!browserCache) {
    const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
    browserCache = createCache({ key: 'st', nonce });
  }
  return browserCache;
}
