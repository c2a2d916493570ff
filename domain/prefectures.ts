// The 47 prefectures of Japan in JIS X 0401 order: code 1 Hokkaido to code 47 Okinawa.

export const prefectures = [
  { code: 1, ja: '北海道', en: 'Hokkaido' },
  { code: 2, ja: '青森県', en: 'Aomori' },
  { code: 3, ja: '岩手県', en: 'Iwate' },
  { code: 4, ja: '宮城県', en: 'Miyagi' },
  { code: 5, ja: '秋田県', en: 'Akita' },
  { code: 6, ja: '山形県', en: 'Yamagata' },
  { code: 7, ja: '福島県', en: 'Fukushima' },
  { code: 8, ja: '茨城県', en: 'Ibaraki' },
  { code: 9, ja: '栃木県', en: 'Tochigi' },
  { code: 10, ja: '群馬県', en: 'Gunma' },
  { code: 11, ja: '埼玉県', en: 'Saitama' },
  { code: 12, ja: '千葉県', en: 'Chiba' },
  { code: 13, ja: '東京都', en: 'Tokyo' },
  { code: 14, ja: '神奈川県', en: 'Kanagawa' },
  { code: 15, ja: '新潟県', en: 'Niigata' },
  { code: 16, ja: '富山県', en: 'Toyama' },
  { code: 17, ja: '石川県', en: 'Ishikawa' },
  { code: 18, ja: '福井県', en: 'Fukui' },
  { code: 19, ja: '山梨県', en: 'Yamanashi' },
  { code: 20, ja: '長野県', en: 'Nagano' },
  { code: 21, ja: '岐阜県', en: 'Gifu' },
  { code: 22, ja: '静岡県', en: 'Shizuoka' },
  { code: 23, ja: '愛知県', en: 'Aichi' },
  { code: 24, ja: '三重県', en: 'Mie' },
  { code: 25, ja: '滋賀県', en: 'Shiga' },
  { code: 26, ja: '京都府', en: 'Kyoto' },
  { code: 27, ja: '大阪府', en: 'Osaka' },
  { code: 28, ja: '兵庫県', en: 'Hyogo' },
  { code: 29, ja: '奈良県', en: 'Nara' },
  { code: 30, ja: '和歌山県', en: 'Wakayama' },
  { code: 31, ja: '鳥取県', en: 'Tottori' },
  { code: 32, ja: '島根県', en: 'Shimane' },
  { code: 33, ja: '岡山県', en: 'Okayama' },
  { code: 34, ja: '広島県', en: 'Hiroshima' },
  { code: 35, ja: '山口県', en: 'Yamaguchi' },
  { code: 36, ja: '徳島県', en: 'Tokushima' },
  { code: 37, ja: '香川県', en: 'Kagawa' },
  { code: 38, ja: '愛媛県', en: 'Ehime' },
  { code: 39, ja: '高知県', en: 'Kochi' },
  { code: 40, ja: '福岡県', en: 'Fukuoka' },
  { code: 41, ja: '佐賀県', en: 'Saga' },
  { code: 42, ja: '長崎県', en: 'Nagasaki' },
  { code: 43, ja: '熊本県', en: 'Kumamoto' },
  { code: 44, ja: '大分県', en: 'Oita' },
  { code: 45, ja: '宮崎県', en: 'Miyazaki' },
  { code: 46, ja: '鹿児島県', en: 'Kagoshima' },
  { code: 47, ja: '沖縄県', en: 'Okinawa' },
] as const;

export type Prefecture = (typeof prefectures)[number];
export type PrefectureCode = Prefecture['code'];

/** An integer from 1 to 47 (numbers only; parse form strings first). */
export function isPrefectureCode(value: unknown): value is PrefectureCode {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= prefectures.length;
}

export function prefectureByCode(code: PrefectureCode): Prefecture {
  // Codes are 1-based and the list is in code order (checked by the test).
  return prefectures[code - 1] as Prefecture;
}
