import { useEffect, useState } from 'react';

/**
 * The signed-in viewer's profile image from GET /zapi/internal/account-header/screen-data
 * (spec 7), fetched after hydration; null until then, when there is none, or on any failure
 * (the menu button then shows the default avatar).
 */
export function useProfileImage(authId: string, enabled: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!authId || !enabled) return;
    const controller = new AbortController();
    fetch('/zapi/internal/account-header/screen-data', { headers: { accept: 'application/json' }, signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<{ profileImageUrl?: unknown }>) : null))
      .then((body) => {
        if (typeof body?.profileImageUrl === 'string' && body.profileImageUrl) setUrl(body.profileImageUrl);
      })
      .catch(() => {
        // The default avatar stays; the header must not fail over a picture.
      });
    return () => controller.abort();
  }, [authId, enabled]);
  return url;
}
