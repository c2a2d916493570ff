import type { StoreSettings } from '#config-schema/store-settings.ts';
import { isLocalHost } from '#server/platform/sessions/cookies.ts';

/**
 * The origin of links in the store's mails: its configured `publicOrigin`, else https:// and its
 * first (canonical) host, or http:// and the server's port for a localhost name (development).
 * Never the request's Host or X-Forwarded-* headers: whoever sends a request cannot choose where
 * a member's reset link points.
 */
export function storePublicOrigin(settings: Pick<StoreSettings, 'publicOrigin' | 'hosts'>, serverPort: number): string {
  if (settings.publicOrigin) return settings.publicOrigin;
  const host = settings.hosts[0] as string;
  if (!isLocalHost(host)) return `https://${host}`;
  return serverPort === 80 || serverPort === 0 ? `http://${host}` : `http://${host}:${serverPort}`;
}
