// Private previews of a draft store document (decision 0050): `npm run store -- preview <file>`
// validates the draft as apply would and keeps it under a random token until it expires; a browser
// that opened `<the draft's origin>/__preview/<token>` carries the token in a cookie, and the
// tenancy middleware serves that browser the draft instead of the live document, read-only.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import { parseStoreSettings, type SettingsIssue } from '#config-schema/parse.ts';
import { publicStoreSettings } from '#config-schema/public-settings.ts';
import { type StoreSettings, storeSettings } from '#config-schema/store-settings.ts';
import type { Db } from '#server/db/client.ts';
import { storePreviews } from '#server/db/schema.ts';
import { acrossStores } from '#server/db/scope.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';
import { storePublicOrigin } from './public-origin.ts';
import type { StoreRepo } from './repo.ts';
import { storedIssues } from './service.ts';

/** The path that opens a preview (`/__preview/<token>`) and, with `/end`, leaves it. */
export const PREVIEW_PATH = '/__preview';
export const PREVIEW_END_PATH = `${PREVIEW_PATH}/end`;
/** The cookie that carries the token on the draft's host (host-only, HttpOnly). */
export const PREVIEW_COOKIE = 'store_preview';
export const DEFAULT_PREVIEW_TTL_SECONDS = 60 * 60;
/** A preview lasts at most a week: a draft is for looking at, not a second store. */
export const MAX_PREVIEW_TTL_SECONDS = 7 * 24 * 60 * 60;

/** 32 random bytes, base64url: 43 characters. Anything else is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const isPreviewToken = (value: string): boolean => TOKEN.test(value);
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export type PreviewResult =
  | { ok: true; storeId: string; token: string; expiresAt: Date; address: string; settings: StoreSettings }
  | { ok: false; issues: SettingsIssue[] };

export type PreviewRequest = { ttlSeconds: number; author: string };

/**
 * Validates a draft exactly as apply does (the schema, then what the database refuses: hosts of
 * other stores, plans dropped with live subscriptions) and keeps it as a preview; answers its
 * private address. Nothing of the live store is written. Expired previews are deleted here.
 */
export async function createStorePreview(
  db: Db,
  repo: Pick<StoreRepo, 'hostsOwnedElsewhere' | 'liveContractCounts' | 'get'>,
  input: unknown,
  request: PreviewRequest,
  opts: { serverPort: number; now?: () => Date },
): Promise<PreviewResult> {
  const parsed = parseStoreSettings(input);
  if (!parsed.ok) return parsed;
  const { $schema: _ignored, ...settings } = parsed.settings;
  const issues = await storedIssues(repo, settings);
  if (issues.length > 0) return { ok: false, issues };
  const ttl = Math.min(Math.max(Math.floor(request.ttlSeconds), 1), MAX_PREVIEW_TTL_SECONDS);
  const now = (opts.now ?? (() => new Date()))();
  const expiresAt = new Date(now.getTime() + ttl * 1000);
  const token = randomBytes(32).toString('base64url');
  await acrossStores(
    () =>
      db.transaction(async (tx) => {
        await tx.delete(storePreviews).where(lte(storePreviews.expiresAt, now));
        await tx
          .insert(storePreviews)
          .values({ tokenHash: tokenHash(token), storeId: settings.storeId, document: settings, author: request.author, expiresAt });
      }),
    'store_admin',
  );
  const address = `${storePublicOrigin(settings, opts.serverPort)}${PREVIEW_PATH}/${token}`;
  return { ok: true, storeId: settings.storeId, token, expiresAt, address, settings };
}

/** A preview as a request sees it: the draft's store context, the hosts it is served on, its end. */
export type Preview = { store: StoreContext; hosts: ReadonlySet<string>; expiresAt: Date };

/**
 * The previews the application serves, read by token. A draft never changes, so a found one is
 * kept (bounded) until it expires; an unknown token costs one query (only a request carrying a
 * well-formed token asks).
 *
 * The draft's context gets a negative revision of its own: the caches kept per store and revision
 * (plan cards, OpenID providers, the page cache's key) can never hand a draft's value to the live
 * store, nor the live store's to the preview.
 */
export function createPreviewSource(db: Db, opts: { now?: () => Date; maxEntries?: number } = {}) {
  const now = opts.now ?? (() => new Date());
  const maxEntries = opts.maxEntries ?? 100;
  const kept = new Map<string, Preview>();

  async function read(hash: string): Promise<Preview | null> {
    const [row] = await db
      .select()
      .from(storePreviews)
      .where(and(eq(storePreviews.tokenHash, hash), gt(storePreviews.expiresAt, now())));
    if (!row) return null;
    const parsed = storeSettings.safeParse(row.document);
    if (!parsed.success) return null;
    const settings = parsed.data;
    const revision = -Number.parseInt(hash.slice(0, 12), 16) - 1;
    const store: StoreContext = { storeId: row.storeId, revision, settings, publicSettings: publicStoreSettings.parse(settings) };
    return { store, hosts: new Set(settings.hosts), expiresAt: row.expiresAt };
  }

  return {
    /** The live preview of a token, or null (malformed, unknown or expired). */
    async find(token: string): Promise<Preview | null> {
      if (!isPreviewToken(token)) return null;
      const hash = tokenHash(token);
      let preview = kept.get(hash) ?? null;
      if (!preview) {
        preview = await read(hash);
        if (!preview) return null;
        kept.set(hash, preview);
        for (const oldest of kept.keys()) {
          if (kept.size <= maxEntries) break;
          kept.delete(oldest);
        }
      }
      if (preview.expiresAt.getTime() <= now().getTime()) {
        kept.delete(hash);
        return null;
      }
      return preview;
    },
  };
}
export type PreviewSource = ReturnType<typeof createPreviewSource>;
