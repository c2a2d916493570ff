// The schema's own messages in Japanese (issue 23, point 6). zod's own messages (type, length,
// enum...) come from its ja locale; the messages written in this folder (refinements, cross-field
// checks) are English in the source and turned into Japanese here for a Japanese-speaking admin.
// messages-ja.test.ts fails when a message is written in the schema without a line here.

/** One English message (a pattern when it carries a value) and its Japanese. */
const JA: readonly [RegExp, (...groups: string[]) => string][] = [
  [/^type default needs a path$/, () => 'type が default のときは path が必要です'],
  [/^type url needs a url$/, () => 'type が url のときは url が必要です'],
  [/^must be after startDate$/, () => 'startDate より後の日時にしてください'],
  [/^must be after salesStartDate$/, () => 'salesStartDate より後の日時にしてください'],
  [/^a discount campaign needs price$/, () => '割引キャンペーンには price が必要です'],
  [/^a free campaign needs freeDays$/, () => '無料キャンペーンには freeDays が必要です'],
  [/^a campaign needs a code unless it is automatic$/, () => '自動適用でないキャンペーンには code が必要です'],
  [/^an external policy needs externalUrl$/, () => '外部の規約には externalUrl が必要です'],
  [/^an internal policy needs body$/, () => '内部の規約には body が必要です'],
  [/^(.+) needs at least one option$/, (type) => `${type} には選択肢が1つ以上必要です`],
  [/^must be an origin: scheme, host and port only$/, () => 'オリジン（スキーム、ホスト、ポートのみ）で指定してください'],
  [
    /^must be a PNG \(iOS ignores other formats for the home-screen icon\)$/,
    () => 'PNG にしてください（iOS はホーム画面のアイコンに他の形式を使いません）',
  ],
  [/^must be a colour like #1a2b3c$/, () => '#1a2b3c のような色にしてください'],
  [
    /^must be an https URL, a path starting with \/, or a data:image URL$/,
    () => 'https の URL、/ で始まるパス、または data:image の URL にしてください',
  ],
  [/^must start with http:\/\/ or https:\/\/$/, () => 'http:// または https:// で始めてください'],
  [/^lower-case letters, digits and hyphens$/, () => '英小文字、数字、ハイフンで指定してください'],
  [/^a phone number of digits and hyphens, e\.g\. 03-1234-5678$/, () => '数字とハイフンの電話番号にしてください（例：03-1234-5678）'],
  [/^half-width letters and digits$/, () => '半角英数字で指定してください'],
  [
    /^a lower-case host name without port, e\.g\. shop\.example\.jp$/,
    () => 'ポートなしの小文字のホスト名にしてください（例：shop.example.jp）',
  ],
  [/^an environment variable named EXTERNAL_ID_\.\.\.$/, () => 'EXTERNAL_ID_ で始まる環境変数名にしてください'],
  [/^must be T followed by 13 digits$/, () => 'T に続く13桁の数字にしてください'],
  [/^duplicate (.+)$/, (key) => `${key} が重複しています`],
  [/^unknown survey (.+)$/, (id) => `アンケート ${id} がありません`],
  [/^unknown plan (.+)$/, (id) => `プラン ${id} がありません`],
  [/^needs features\.userId to be true$/, () => 'features.userId を true にする必要があります'],
  [/^needs a terms policy in policies$/, () => 'policies に利用規約（terms）が必要です'],
];

/** The Japanese of one of the schema's own messages; any other message (zod's, already Japanese) as it is. */
export function schemaMessageJa(message: string): string {
  for (const [pattern, ja] of JA) {
    const m = pattern.exec(message);
    if (m) return ja(...m.slice(1));
  }
  return message;
}
