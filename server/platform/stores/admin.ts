// What the store tool (`npm run store`) does to the stores, whoever runs it: the tool itself on
// PostgreSQL or a data folder no server holds, or a running embedded server on the tool's behalf
// (admin-routes.ts, decision 0029). One set of operations, so both ways answer the same.
import type { SettingsIssue } from '#config-schema/parse.ts';
import type { StoreSettings } from '#config-schema/store-settings.ts';
import type { Db } from '#server/db/client.ts';
import { acrossStores } from '#server/db/scope.ts';
import { rotateSigningKey } from '#server/platform/stores/signing-keys.ts';
import { createStorePreview, type PreviewRequest, type PreviewResult } from './previews.ts';
import { createStoreRepo, type RevisionMeta, type RevisionRow, type StoreRow } from './repo.ts';
import { type ApplyResult, applyStoreDocument, storedIssues } from './service.ts';

export type StoreAdmin = {
  /** Validates a tenant document and stores it as a new revision by meta's author (dryRun: only says what would change). */
  apply(document: unknown, dryRun: boolean, meta?: RevisionMeta): Promise<ApplyResult>;
  /** The kept revisions of a store, oldest first (decision 0047). */
  history(storeId: string): Promise<RevisionRow[]>;
  /** The document of one kept revision, null when the store has no such revision. */
  revision(storeId: string, revision: number): Promise<StoreSettings | null>;
  get(storeId: string): Promise<StoreRow | null>;
  list(): Promise<StoreRow[]>;
  /**
   * What the database refuses in a (valid) document, as apply would: hosts other stores already
   * have, plans dropped while subscriptions on them still run (decision 0038).
   */
  storedIssues(settings: StoreSettings): Promise<SettingsIssue[]>;
  /**
   * Validates a draft as apply does and keeps it as a private preview until it expires (decision
   * 0050); the live store is not touched. Answers the preview's address.
   */
  preview(document: unknown, request: PreviewRequest): Promise<PreviewResult>;
  /** A new OpenID signing key for the store (decision 0021); its key id. Throws for an unknown store. */
  rotateSigningKey(storeId: string): Promise<string>;
};

/**
 * The operations over a database handle of this process. `serverPort`: the store server's port, for
 * a preview's address on a localhost store (the running server's own; the tool's PORT otherwise).
 */
export function storeAdminOver(db: Db, opts: { serverPort?: number } = {}): StoreAdmin {
  const repo = createStoreRepo(db);
  return {
    apply: (document, dryRun, meta) => applyStoreDocument(repo, document, { dryRun, meta }),
    history: (storeId) => repo.history(storeId),
    revision: (storeId, revision) => repo.revisionDocument(storeId, revision),
    get: (storeId) => repo.get(storeId),
    list: () => repo.list(),
    storedIssues: (settings) => storedIssues(repo, settings),
    preview: (document, request) => createStorePreview(db, repo, document, request, { serverPort: opts.serverPort ?? 3000 }),
    rotateSigningKey: (storeId) => acrossStores(() => rotateSigningKey(db, storeId), 'store_admin'),
  };
}
