import createCache, { type EmotionCache } from '@emotion/cache';

let browserCache: EmotionCache | null = null;

/**
 * Emotion's style cache. On the server a new one per render carries this response's CSP nonce;
 * in the browser one cache reads the nonce the server put on the page's scripts.
 */
export function emotionCache(serverNonce: string | undefined): EmotionCache {
  if (typeof document === 'undefined') return createCache({ key: 'st', nonce: serverNonce });
  if (!browserCache) {
    const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
    browserCache = createCache({ key: 'st', nonce });
  }
  return browserCache;
}
