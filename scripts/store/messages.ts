import { schemaMessageJa } from '#config-schema/messages-ja.ts';
import type { IssueLanguage } from '#config-schema/parse.ts';

/**
 * The store tool's own lines in the admin's language: Japanese when the locale (LC_ALL, then
 * LC_MESSAGES, then LANG, as POSIX orders them) is Japanese (ja, ja_JP.UTF-8...), English
 * otherwise. The JSON paths, store ids and values stay as they are; --json output has no
 * sentences to translate (its keys are the same in both).
 */
export function adminLanguage(env: Record<string, string | undefined>): IssueLanguage {
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== '') ?? '';
  return /^ja([_.@-]|$)/i.test(locale) ? 'ja' : 'en';
}

export type Texts = {
  cannotRead(file: string, reason: string): string;
  notChecked(reason: string): string;
  valid(storeId: string): string;
  invalid(file: string): string;
  refused(file: string): string;
  created(storeId: string, revision: string, dryRun: boolean): string;
  hosts(list: string): string;
  noChanges(storeId: string, revision: string): string;
  updated(storeId: string, revision: string, count: number, dryRun: boolean): string;
  nothingSaved: string;
  revision(n: number): string;
  noStore(storeId: string): string;
  noStores: string;
  listHeaders: string[];
  wrote(file: string): string;
  cannotWrite(file: string, reason: string): string;
  noRevision(storeId: string, revision: number): string;
  historyHeaders: string[];
  noDifference(storeId: string, from: number, to: number): string;
  difference(storeId: string, from: number, to: number, count: number): string;
  nothingToDiff(storeId: string): string;
  rollbackMessage(revision: number): string;
  preview(storeId: string, address: string): string;
  previewEnds(at: string): string;
  previewLimits: string;
};

const en: Texts = {
  cannotRead: (file, reason) => `error: cannot read ${file}: ${reason}`,
  notChecked: (reason) =>
    `hosts and plans: not checked against the database (other stores' hosts, live subscriptions of dropped plans): ${reason} (start the server or set DATABASE_URL; apply checks them)`,
  valid: (storeId) => `valid: ${storeId}`,
  invalid: (file) => `invalid: ${file}`,
  refused: (file) => `refused: ${file}; nothing changed`,
  created: (storeId, revision, dryRun) => `${dryRun ? 'dry run: would create' : 'created'} store ${storeId}${revision}`,
  hosts: (list) => `  hosts: ${list}`,
  noChanges: (storeId, revision) => `no changes: store ${storeId}${revision}`,
  updated: (storeId, revision, count, dryRun) =>
    `${dryRun ? 'dry run: would update' : 'updated'} store ${storeId}${revision}: ${count} change${count === 1 ? '' : 's'}`,
  nothingSaved: 'nothing saved (--dry-run)',
  revision: (n) => ` (revision ${n})`,
  noStore: (storeId) => `error: no store with id "${storeId}" (npm run store -- list shows them)`,
  noStores: 'no stores yet (npm run store -- apply tenants/<file>.json adds one)',
  listHeaders: ['STORE ID', 'SERVICE NAME', 'HOSTS', 'REVISION', 'UPDATED AT'],
  wrote: (file) => `wrote ${file}`,
  cannotWrite: (file, reason) => `error: cannot write ${file}: ${reason}`,
  noRevision: (storeId, revision) =>
    `error: store "${storeId}" has no revision ${revision} (npm run store -- history ${storeId} lists them)`,
  historyHeaders: ['REVISION', 'APPLIED AT', 'AUTHOR', 'MESSAGE'],
  noDifference: (storeId, from, to) => `no differences: store ${storeId} revision ${from} -> ${to}`,
  difference: (storeId, from, to, count) => `store ${storeId} revision ${from} -> ${to}: ${count} change${count === 1 ? '' : 's'}`,
  nothingToDiff: (storeId) => `store ${storeId} has one revision only: nothing to compare`,
  rollbackMessage: (revision) => `rollback to revision ${revision}`,
  preview: (storeId, address) => `preview of store ${storeId}: ${address}`,
  previewEnds: (at) => `  open until ${at}; only this address opens it (keep it private)`,
  previewLimits: '  browsing only: sign-ups, logins and purchases are refused; the live store is unchanged',
};

const ja: Texts = {
  cannotRead: (file, reason) => `エラー: ${file} を読めません: ${reason}`,
  notChecked: (reason) =>
    `ホストとプラン: データベースとは照合していません（他のストアのホスト、削除したプランの継続中の契約）: ${reason}（サーバーを起動するか DATABASE_URL を設定してください。apply では照合します）`,
  valid: (storeId) => `有効: ${storeId}`,
  invalid: (file) => `無効: ${file}`,
  refused: (file) => `拒否: ${file}（何も変更していません）`,
  created: (storeId, revision, dryRun) =>
    `${dryRun ? 'ドライラン: ' : ''}ストア ${storeId} を${dryRun ? '作成します' : '作成しました'}${revision}`,
  hosts: (list) => `  ホスト: ${list}`,
  noChanges: (storeId, revision) => `変更なし: ストア ${storeId}${revision}`,
  updated: (storeId, revision, count, dryRun) =>
    `${dryRun ? 'ドライラン: ' : ''}ストア ${storeId} を${dryRun ? '更新します' : '更新しました'}${revision}: ${count} 件の変更`,
  nothingSaved: '保存していません（--dry-run）',
  revision: (n) => `（リビジョン ${n}）`,
  noStore: (storeId) => `エラー: ストア ID「${storeId}」はありません（npm run store -- list で一覧できます）`,
  noStores: 'ストアはまだありません（npm run store -- apply tenants/<file>.json で追加できます）',
  listHeaders: ['ストア ID', 'サービス名', 'ホスト', 'リビジョン', '更新日時'],
  wrote: (file) => `${file} に書き出しました`,
  cannotWrite: (file, reason) => `エラー: ${file} に書き込めません: ${reason}`,
  noRevision: (storeId, revision) =>
    `エラー: ストア「${storeId}」にリビジョン ${revision} はありません（npm run store -- history ${storeId} で一覧できます）`,
  historyHeaders: ['リビジョン', '適用日時', '適用者', 'メッセージ'],
  noDifference: (storeId, from, to) => `差分なし: ストア ${storeId} リビジョン ${from} -> ${to}`,
  difference: (storeId, from, to, count) => `ストア ${storeId} リビジョン ${from} -> ${to}: ${count} 件の変更`,
  nothingToDiff: (storeId) => `ストア ${storeId} のリビジョンは 1 つだけです（比べるものがありません）`,
  rollbackMessage: (revision) => `リビジョン ${revision} に戻す`,
  preview: (storeId, address) => `ストア ${storeId} のプレビュー: ${address}`,
  previewEnds: (at) => `  ${at} まで有効。このアドレスでのみ開けます（他の人に知らせないでください）`,
  previewLimits: '  閲覧のみ: 会員登録・ログイン・購入はできません。公開中のストアは変わりません',
};

export function texts(lang: IssueLanguage): Texts {
  return lang === 'ja' ? ja : en;
}

/** The database's checks and the apply notes (server/platform/stores/service.ts) in Japanese. */
const STORE_CHECKS_JA: readonly [RegExp, (...groups: string[]) => string][] = [
  [/^host (\S+) already belongs to store (\S+)$/, (host, store) => `ホスト ${host} はすでにストア ${store} で使われています`],
  [
    /^plan (\S+) is gone but has (\d+) live subscriptions?; the next billing run would end them \(force_stopped\)\. Keep the plan with "onSale": false to stop selling it while they renew, or end them first$/,
    (plan, n) =>
      `プラン ${plan} が削除されていますが、継続中の契約が ${n} 件あります。次の課金処理でそれらは終了（force_stopped）します。` +
      '"onSale": false でプランを残すと、販売を止めたまま更新が続きます。または先に契約を終了してください',
  ],
  [
    /^plan (\S+) stops selling \(no longer listed nor sold\); its (\d+) live subscriptions? keeps? renewing$/,
    (plan, n) => `プラン ${plan} の販売を停止します（一覧にも出さず販売もしません）。継続中の契約 ${n} 件は更新が続きます`,
  ],
];

/**
 * A message of the schema, the database's checks or an apply note in the admin's language: they are
 * written in English where they are made (the server may make them), and worded here for Japanese.
 */
export function inAdminLanguage(lang: IssueLanguage, message: string): string {
  if (lang !== 'ja') return message;
  for (const [pattern, ja] of STORE_CHECKS_JA) {
    const m = pattern.exec(message);
    if (m) return ja(...m.slice(1));
  }
  return schemaMessageJa(message);
}
