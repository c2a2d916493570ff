// The test users of each local identity provider (listed in README.md). Subjects are stable, so a
// link made today still matches tomorrow; the e-mail addresses are on example domains.

export type ProviderId = 'line' | 'google' | 'yahoojp' | 'facebook';
export const PROVIDER_IDS: readonly ProviderId[] = ['line', 'google', 'yahoojp', 'facebook'];

export type TestUser = {
  /** The value the consent page posts, and the README's name for the user. */
  key: string;
  /** The provider's subject (LINE: U + 32 hex, Google: 21 digits, Yahoo! JAPAN: 26 characters, Facebook: app-scoped digits). */
  sub: string;
  name: string;
  givenName?: string;
  familyName?: string;
  /** Yahoo! JAPAN gives the kana reading of the name. */
  givenNameKana?: string;
  familyNameKana?: string;
  /** Yahoo! JAPAN: the ID's nickname, gender ('male' | 'female') and birth year (YYYY, its birthdate claim). */
  nickname?: string;
  gender?: 'male' | 'female';
  birthYear?: string;
  /** Absent: the provider gives no e-mail (LINE without the permission, Facebook with a phone-only account). */
  email?: string;
  emailVerified?: boolean;
  /** What the consent page says about the user (Japanese, English). */
  note: { ja: string; en: string };
};

export const TEST_USERS: Record<ProviderId, TestUser[]> = {
  line: [
    {
      key: 'line-taro',
      sub: 'U4af4980629f0c1b7e2d7a1b3c5e9f001',
      name: 'LINE 太郎',
      email: 'taro.line@example.jp',
      note: { ja: 'メールアドレスあり（確認済みの印はありません）', en: 'Has an e-mail address (no verified flag)' },
    },
    {
      key: 'line-hanako',
      sub: 'U4af4980629f0c1b7e2d7a1b3c5e9f002',
      name: 'LINE 花子',
      note: { ja: 'メールアドレスなし', en: 'No e-mail address' },
    },
  ],
  google: [
    {
      key: 'google-alice',
      sub: '109876543210987654321',
      name: 'Alice Example',
      givenName: 'Alice',
      familyName: 'Example',
      email: 'alice.google@example.com',
      emailVerified: true,
      note: { ja: '確認済みのメールアドレス', en: 'Verified e-mail address' },
    },
    {
      key: 'google-bob',
      sub: '109876543210987654322',
      name: 'Bob Example',
      givenName: 'Bob',
      familyName: 'Example',
      email: 'bob.google@example.com',
      emailVerified: false,
      note: { ja: '未確認のメールアドレス', en: 'Unverified e-mail address' },
    },
  ],
  yahoojp: [
    {
      key: 'yahoo-ichiro',
      sub: 'QWERTYUIOPASDFGHJKLZXCVB01',
      name: '鈴木 一郎',
      givenName: '一郎',
      familyName: '鈴木',
      givenNameKana: 'イチロウ',
      familyNameKana: 'スズキ',
      nickname: 'いちろう',
      gender: 'male',
      birthYear: '1985',
      email: 'ichiro.yahoo@example.jp',
      emailVerified: true,
      note: { ja: '確認済みのメールアドレス、カナ氏名あり', en: 'Verified e-mail address, kana name' },
    },
    {
      key: 'yahoo-jiro',
      sub: 'QWERTYUIOPASDFGHJKLZXCVB02',
      name: '鈴木 次郎',
      givenName: '次郎',
      familyName: '鈴木',
      givenNameKana: 'ジロウ',
      familyNameKana: 'スズキ',
      email: 'jiro.yahoo@example.jp',
      emailVerified: false,
      note: { ja: '未確認のメールアドレス', en: 'Unverified e-mail address' },
    },
  ],
  facebook: [
    {
      key: 'facebook-carol',
      sub: '10229876543210001',
      name: 'Carol Example',
      givenName: 'Carol',
      familyName: 'Example',
      email: 'carol.facebook@example.com',
      note: { ja: 'メールアドレスあり（確認済みの印はありません）', en: 'Has an e-mail address (no verified flag)' },
    },
    {
      key: 'facebook-dave',
      sub: '10229876543210002',
      name: 'Dave Example',
      givenName: 'Dave',
      familyName: 'Example',
      note: { ja: 'メールアドレスなし（電話番号で登録）', en: 'No e-mail address (signed up with a phone number)' },
    },
  ],
};

export const findUser = (provider: ProviderId, key: string) => TEST_USERS[provider].find((u) => u.key === key);
