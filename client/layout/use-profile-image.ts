import { useEffect, useState } from 'react';

type Listener = (url: string | null) => void;
const listeners = new Set<Listener>();

/**
 * Tells every header on the page that the member's picture changed (the profile-image page after
 * a save or a removal), so the menu button shows the new one at once, without a reload.
 */
export function announceProfileImage(url: string | null): void {
  for (const listener of listeners) listener(url);
}

/**
 * The signed-in viewer's profile image from GET /zapi/internal/account-header/screen-data
 * (spec 7), fetched after hydration and replaced by each announceProfileImage; null until then,
 * when there is none, or on any failure (the menu button then shows the default avatar).
 */
export function useProfileImage(authId: string, enabled: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!authId || !enabled) return;
    const controller = new AbortController();
    const listener: Listener = (next) => {
      // A change made here wins over a fetch still on its way.
      controller.abort();
      setUrl(next);
    };
    listeners.add(listener);
    fetch('/zapi/internal/account-header/screen-data', { headers: { accept: 'application/json' }, signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<{ profileImageUrl?: unknown }>) : null))
      .then((body) => {
        if (typeof body?.profileImageUrl === 'string' && body.profileImageUrl) setUrl(body.profileImageUrl);
      })
      .catch(() => {
        // The default avatar stays; the header must not fail over a picture.
      });
    return () => {
      listeners.delete(listener);
      controller.abort();
    };
  }, [authId, enabled]);
  return url;
}
