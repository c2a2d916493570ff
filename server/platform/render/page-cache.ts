import { createHash } from 'node:crypto';
import type { RenderedPage } from './pages.ts';

/**
 * Rendered guest pages, kept while nothing they are made of changes (decision 0012).
 *
 * A page's HTML is a function of its URL (host, path and query), its root data (the store's public
 * settings, which its settings revision stands for; the language; the browser class; the member:
 * none, only guests' pages are kept) and its screen data, and of nothing else (a test renders the
 * same inputs twice and compares). The key is a hash of all of these, so a new settings
 * revision or new screen data (a plan's stock, say) is simply another key; the old entry ages out.
 * The two per-response values, the CSP nonce and the request id, are cut out when a page is stored
 * and the current ones put in when it is sent, so no two responses share a nonce.
 */
export type PageKeyParts = {
  url: string;
  storeId: string;
  /** The settings revision stands for the store's public settings in the root data. */
  revision: number;
  /** The rest of the page's root data (language, browser class, member, store status). */
  root: unknown;
  screenData: unknown;
};

type Entry = { statusCode: number; headers: Array<[string, string]>; parts: string[]; slots: Array<'nonce' | 'requestId'>; bytes: number };

export type PageCache = {
  key(parts: PageKeyParts): string;
  get(key: string, nonce: string, requestId: string): RenderedPage | undefined;
  put(key: string, page: RenderedPage, nonce: string, requestId: string): void;
  sizes(): { entries: number; bytes: number };
};

/** An LRU of at most `maxEntries` pages and `maxBytes` of HTML (UTF-16 length x 2). */
export function createPageCache(opts: { maxEntries: number; maxBytes: number; onLookup?: (hit: boolean) => void }): PageCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  function evict() {
    while (entries.size > opts.maxEntries || bytes > opts.maxBytes) {
      const oldest = entries.keys().next();
      if (oldest.done) return;
      bytes -= entries.get(oldest.value)?.bytes ?? 0;
      entries.delete(oldest.value);
    }
  }

  return {
    key(p) {
      return createHash('sha256')
        .update(`${p.url}\n${p.storeId}\n${p.revision}\n`)
        .update(JSON.stringify(p.root) ?? 'undefined')
        .update('\n')
        .update(JSON.stringify(p.screenData) ?? 'undefined')
        .digest('base64url');
    },
    get(key, nonce, requestId) {
      const entry = entries.get(key);
      opts.onLookup?.(entry !== undefined);
      if (!entry) return undefined;
      // Most recently used last.
      entries.delete(key);
      entries.set(key, entry);
      let body = entry.parts[0] ?? '';
      for (let i = 0; i < entry.slots.length; i++) body += (entry.slots[i] === 'nonce' ? nonce : requestId) + entry.parts[i + 1];
      return { statusCode: entry.statusCode, headers: entry.headers, body };
    },
    put(key, page, nonce, requestId) {
      const { parts, slots } = cutOut(page.body, nonce, requestId);
      const entry: Entry = { statusCode: page.statusCode, headers: page.headers, parts, slots, bytes: page.body.length * 2 };
      const previous = entries.get(key);
      if (previous) {
        bytes -= previous.bytes;
        entries.delete(key);
      }
      entries.set(key, entry);
      bytes += entry.bytes;
      evict();
    },
    sizes: () => ({ entries: entries.size, bytes }),
  };
}

/** The body split around every occurrence of the nonce and the request id. */
function cutOut(body: string, nonce: string, requestId: string): { parts: string[]; slots: Array<'nonce' | 'requestId'> } {
  const parts: string[] = [];
  const slots: Array<'nonce' | 'requestId'> = [];
  let from = 0;
  for (;;) {
    const n = nonce ? body.indexOf(nonce, from) : -1;
    const r = requestId ? body.indexOf(requestId, from) : -1;
    if (n === -1 && r === -1) break;
    const isNonce = n !== -1 && (r === -1 || n < r);
    const at = isNonce ? n : r;
    parts.push(body.slice(from, at));
    slots.push(isNonce ? 'nonce' : 'requestId');
    from = at + (isNonce ? nonce.length : requestId.length);
  }
  parts.push(body.slice(from));
  return { parts, slots };
}
