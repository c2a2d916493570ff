/**
 * The configuration matrix: ten store documents derived from a demo tenant file (midori, the one
 * with every kind of sign-up question), each changing what the schema lets a store change, so that
 * together they cover every theme, login default, sign-up field usage, gender input, password
 * strength, custom question type, footer and social variant, language default, an empty plan list
 * and extreme brand colours (see `coverage` for the list the spec checks).
 *
 * The documents are deterministic: applying them twice (the desktop and the mobile project each
 * start a worker) changes nothing the second time.
 */
import { readFileSync } from 'node:fs';
import type { FieldUsage, StoreSettingsInput } from '#config-schema/index.ts';
import { parseStoreSettings, type StoreSettings } from '#config-schema/index.ts';
import { PROFILE_FIELDS, type ProfileField } from '#domain/validation/profile-field-list.ts';
import { tenantFile } from '../tenants.ts';

export type MatrixStore = {
  storeId: string;
  host: string;
  /** What this store is for, in a few words (test titles and the report). */
  about: string;
  /** The document as applied (JSON). */
  doc: StoreSettingsInput;
  /** The document as the server sees it, defaults applied. */
  settings: StoreSettings;
};

type CustomInfo = NonNullable<NonNullable<StoreSettingsInput['signupFields']>['customAssociatedInfo']>[number];
type Footers = StoreSettingsInput['footers'];
type Overrides = Partial<Omit<StoreSettingsInput, 'signupFields' | 'footers'>> & {
  /** Usages of the standard fields; every field not named is NOT_USE (the base's choices do not leak in). */
  fields?: Partial<Record<ProfileField, FieldUsage>>;
  custom?: CustomInfo[];
  /** Replace these parts of the base's footer. */
  footerLinks?: Footers['footerLinks'];
  socialMediaLinks?: Footers['socialMediaLinks'];
  trademarks?: Footers['trademarks'];
};

const ALL_FIELDS: readonly ProfileField[] = PROFILE_FIELDS;

const options = (ids: Array<[string, string, string]>) => ids.map(([id, ja, en]) => ({ id, label: { ja, en } }));

/** A store question of each type; `rule` is its usage. */
export const customText = (rule: FieldUsage): CustomInfo => ({
  id: 'club-name',
  title: { ja: '所属サークル名', en: 'Club name' },
  type: 'TEXT',
  rule,
  maxLength: 40,
});
export const customSelect = (rule: FieldUsage): CustomInfo => ({
  id: 'found-us',
  title: { ja: 'このサービスを知ったきっかけ', en: 'How you found us' },
  type: 'SELECT',
  rule,
  selectOptions: options([
    ['tv', 'テレビ', 'Television'],
    ['web', 'インターネット', 'The web'],
  ]),
});
export const customCheckbox = (rule: FieldUsage): CustomInfo => ({
  id: 'genres',
  title: { ja: '好きなジャンル', en: 'Favourite genres' },
  type: 'CHECKBOX',
  rule,
  selectOptions: options([
    ['drama', 'ドラマ', 'Drama'],
    ['music', '音楽', 'Music'],
  ]),
});

const ALL_SOCIAL = {
  twitterUrl: 'https://x.com/matrix_example',
  facebookUrl: 'https://www.facebook.com/matrix.example',
  instagramUrl: 'https://www.instagram.com/matrix_example/',
  lineUrl: 'https://line.me/R/ti/p/@matrix-example',
};

const NO_FEATURES = {
  newsletter: false,
  privacy: false,
  pinCode: false,
  oidcConnections: false,
  userId: false,
  password: true,
  profileImage: false,
};

/** Every combination below, as [storeId, what it is for, overrides of the base document]. */
const VARIANTS: Array<[string, string, Overrides]> = [
  [
    'cm-pale',
    'near-white accent and header/footer on the light theme, all social links',
    {
      serviceName: 'しろがねシアター',
      theme: 'standard',
      colors: {
        accentColor: '#fbfbfb',
        secondaryAccentColor: '#f5f5f0',
        playerColor: '#fffef5',
        headerBackground: '#fefefe',
        footerBackground: '#fcfcfc',
      },
      defaultLoginType: 'password',
      features: { ...NO_FEATURES, newsletter: true, privacy: true },
      fields: { name: 'REQUIRED', nameKana: 'OPTIONAL', sex: 'REQUIRED', birthday: 'OPTIONAL' },
      genderInputType: 'Select',
      disallowUnknownGender: false,
      passwordStrength: 'NONE',
      custom: [customText('REQUIRED')],
      enablePoweredByPvs: true,
      socialMediaLinks: ALL_SOCIAL,
    },
  ],
  [
    'cm-ink',
    'near-black accent and header/footer on the dark theme, code login, policies first, GTM',
    {
      serviceName: 'INK & SHADOW 劇場',
      theme: 'cinema',
      colors: {
        accentColor: '#0b0b0c',
        secondaryAccentColor: '#121212',
        playerColor: '#1a1a1a',
        headerBackground: '#000000',
        footerBackground: '#030303',
      },
      gtmId: 'GTM-MATRIX1',
      defaultLoginType: 'authCode',
      signupPolicyFirst: true,
      features: { ...NO_FEATURES, newsletter: true },
      fields: { familyName: 'REQUIRED', givenName: 'REQUIRED', familyNameKana: 'REQUIRED', givenNameKana: 'REQUIRED', sex: 'REQUIRED' },
      genderInputType: 'Radio',
      disallowUnknownGender: true,
      passwordStrength: 'UPPER_CASE_SYMBOL',
      custom: [customCheckbox('REQUIRED'), customSelect('OPTIONAL')],
      enablePoweredByPvs: false,
      socialMediaLinks: {},
    },
  ],
  [
    'cm-pale-night',
    'near-white accent on the dark theme, required user ID',
    {
      serviceName: 'ゆきあかりシネマ',
      theme: 'cinema',
      colors: { accentColor: '#f7f7f7', secondaryAccentColor: '#fafafa', playerColor: '#ffffff' },
      defaultLoginType: 'password',
      features: { ...NO_FEATURES, userId: true, privacy: true },
      fields: { userId: 'REQUIRED', nickname: 'REQUIRED', sex: 'OPTIONAL', birthday: 'REQUIRED' },
      genderInputType: 'Radio',
      disallowUnknownGender: false,
      passwordStrength: 'UPPER_CASE',
      custom: [],
      socialMediaLinks: { twitterUrl: ALL_SOCIAL.twitterUrl },
    },
  ],
  [
    'cm-ink-sakura',
    'near-black accent and footer on the soft theme, address fields required, code login',
    {
      serviceName: 'すみぞめ名画座',
      theme: 'sakura',
      colors: { accentColor: '#050505', secondaryAccentColor: '#0a0a0a', playerColor: '#111111', footerBackground: '#000000' },
      defaultLoginType: 'authCode',
      signupPolicyFirst: true,
      fields: {
        name: 'OPTIONAL',
        nameKana: 'REQUIRED',
        phoneNumber: 'REQUIRED',
        postalCode: 'REQUIRED',
        prefecture: 'REQUIRED',
        address: 'REQUIRED',
      },
      passwordStrength: 'SYMBOL',
      custom: [],
    },
  ],
  [
    'cm-english',
    'English by default, GTM, no plans, optional user ID',
    {
      serviceName: 'Harbor Lights Films',
      defaultLanguage: 'en',
      theme: 'sakura',
      colors: { accentColor: '#00796b', secondaryAccentColor: '#5d4037', playerColor: '#4db6ac' },
      gtmId: 'GTM-MATRIX2',
      defaultLoginType: 'password',
      features: { ...NO_FEATURES, userId: true, newsletter: true },
      fields: { userId: 'OPTIONAL', name: 'REQUIRED', nickname: 'OPTIONAL', sex: 'REQUIRED', phoneNumber: 'OPTIONAL', message: 'REQUIRED' },
      genderInputType: 'Select',
      disallowUnknownGender: true,
      passwordStrength: 'UPPER_CASE_SYMBOL',
      custom: [customText('OPTIONAL'), customCheckbox('NOT_USE')],
      plans: [],
    },
  ],
  [
    'cm-long-name',
    'a 60-character Japanese service name, long footer texts, every footer link type',
    {
      serviceName:
        '北海道から沖縄まで日本全国のご当地ドキュメンタリーと祭り・郷土芸能・伝統工芸をまるごと楽しめる「ふるさと百景チャンネル」',
      businessName: '株式会社ふるさと百景ドキュメンタリー制作放送配信ホールディングス北海道・東北・関東・中部・近畿・九州沖縄支社統括本部',
      theme: 'standard',
      colors: { accentColor: '#6a1b9a', secondaryAccentColor: '#ef6c00', playerColor: '#ab47bc' },
      fields: {
        familyName: 'OPTIONAL',
        givenName: 'OPTIONAL',
        familyNameKana: 'OPTIONAL',
        givenNameKana: 'OPTIONAL',
        postalCode: 'OPTIONAL',
        prefecture: 'OPTIONAL',
        address: 'OPTIONAL',
        message: 'OPTIONAL',
      },
      custom: [customSelect('REQUIRED')],
      enablePoweredByPvs: true,
      footerLinks: [
        {
          name: { ja: 'はじめての方へ：ご利用ガイドとよくあるご質問の一覧（全国の視聴者の皆さまへ）' },
          type: 'url',
          url: 'https://example.jp/guide',
        },
        { name: { ja: '会員情報の確認と変更', en: 'My account' }, type: 'default', path: '/mypage', displayType: 'login' },
        { name: { ja: 'ログイン', en: 'Log in' }, type: 'default', path: '/login', displayType: 'logout' },
        { name: { ja: '運営会社', en: 'About us' }, type: 'url', url: 'https://corp.example.jp/', external: true },
        { name: { ja: 'ライセンス表記（別タブ）', en: 'Licences (new tab)' }, type: 'default', path: '/app/licenses', external: true },
        { name: { ja: '休止中のページ', en: 'Paused page' }, type: 'url', url: 'https://example.jp/paused', enabled: false },
      ],
      trademarks: [
        {
          ja: '「ふるさと百景」「ふるさと百景チャンネル」「ご当地ドキュメンタリー」は株式会社ふるさと百景の登録商標または商標です。'.repeat(
            2,
          ),
        },
      ],
    },
  ],
  [
    'cm-minimal',
    'nothing optional: no fields, questions, policies, plans, links or passwords',
    {
      serviceName: 'ミニマル動画',
      serviceDescription: undefined,
      theme: 'standard',
      colors: { accentColor: '#37474f', secondaryAccentColor: '#546e7a', playerColor: '#90a4ae' },
      defaultLoginType: 'authCode',
      features: { ...NO_FEATURES, password: false },
      fields: {},
      custom: [],
      passwordStrength: 'NONE',
      enablePoweredByPvs: false,
      footerLinks: [],
      socialMediaLinks: {},
      trademarks: [],
      plans: [],
      policies: [],
      consentOptions: [],
    },
  ],
  [
    'cm-everything',
    'every field and question required, user ID, radio sex, policies first, bot check, external IDs',
    {
      serviceName: 'ぜんぶのせチャンネル',
      theme: 'sakura',
      colors: { accentColor: '#c2185b', secondaryAccentColor: '#1565c0', playerColor: '#f06292' },
      defaultLoginType: 'password',
      signupPolicyFirst: true,
      features: { ...NO_FEATURES, userId: true, newsletter: true, privacy: true, pinCode: true, oidcConnections: true, profileImage: true },
      externalIdProviders: ['line', 'google', 'yahoojp', 'facebook'],
      botCheck: 'sandbox',
      fields: Object.fromEntries(ALL_FIELDS.map((f) => [f, 'REQUIRED'])),
      genderInputType: 'Radio',
      disallowUnknownGender: false,
      passwordStrength: 'SYMBOL',
      custom: [customText('REQUIRED'), customSelect('REQUIRED'), customCheckbox('REQUIRED')],
      socialMediaLinks: { facebookUrl: ALL_SOCIAL.facebookUrl, lineUrl: ALL_SOCIAL.lineUrl },
    },
  ],
  [
    'cm-no-password',
    'password login by default in a store without passwords; questions not in use',
    {
      serviceName: 'パスワードなし劇場',
      theme: 'cinema',
      colors: { accentColor: '#ffb300', secondaryAccentColor: '#8d6e63', playerColor: '#ffca28' },
      defaultLoginType: 'password',
      features: { ...NO_FEATURES, password: false },
      fields: { nickname: 'OPTIONAL' },
      custom: [customText('NOT_USE'), customSelect('NOT_USE'), customCheckbox('NOT_USE')],
    },
  ],
  [
    'cm-optional',
    'every field and question optional, select sex without "decline"',
    {
      serviceName: 'おまかせ映画館',
      theme: 'standard',
      colors: { accentColor: '#0277bd', secondaryAccentColor: '#2e7d32', playerColor: '#4fc3f7' },
      defaultLoginType: 'password',
      features: { ...NO_FEATURES, userId: true },
      fields: Object.fromEntries(ALL_FIELDS.map((f) => [f, 'OPTIONAL'])),
      genderInputType: 'Select',
      disallowUnknownGender: true,
      passwordStrength: 'NONE',
      custom: [customText('OPTIONAL'), customSelect('OPTIONAL'), customCheckbox('OPTIONAL')],
      enablePoweredByPvs: true,
      socialMediaLinks: ALL_SOCIAL,
      footerLinks: [{ name: { ja: 'ログイン', en: 'Log in' }, type: 'default', path: '/login', displayType: 'logout' }],
    },
  ],
];

function derive(base: StoreSettingsInput, storeId: string, o: Overrides): StoreSettingsInput {
  const { fields = {}, custom, footerLinks, socialMediaLinks, trademarks, ...top } = o;
  const usages = Object.fromEntries(ALL_FIELDS.map((f) => [f, fields[f] ?? 'NOT_USE'])) as Record<ProfileField, FieldUsage>;
  const doc = {
    ...structuredClone(base),
    ...top,
    storeId,
    hosts: [`${storeId}.localhost`],
    mail: { smtpDomain: `${storeId}.example.jp` },
    signupFields: { ...usages, customAssociatedInfo: custom ?? [] },
    footers: {
      ...structuredClone(base.footers),
      ...(footerLinks === undefined ? {} : { footerLinks }),
      ...(socialMediaLinks === undefined ? {} : { socialMediaLinks }),
      ...(trademarks === undefined ? {} : { trademarks }),
    },
  } as StoreSettingsInput;
  // A variant without the base's plans keeps none of its campaigns for them.
  const planIds = new Set((doc.plans ?? []).map((p) => p.planId));
  doc.campaigns = (doc.campaigns ?? []).filter((c) => c.planIds.every((id) => planIds.has(id)));
  // A key set to undefined means "leave it out", as a JSON document would.
  for (const [k, v] of Object.entries(doc)) if (v === undefined) delete (doc as Record<string, unknown>)[k];
  return doc;
}

/** The matrix, derived from tenants/<baseId>.json and checked against the real schema. */
export function matrixStores(baseId = 'midori'): MatrixStore[] {
  const base = JSON.parse(readFileSync(tenantFile(baseId), 'utf8')) as StoreSettingsInput;
  return VARIANTS.map(([storeId, about, overrides]) => {
    const doc = derive(base, storeId, overrides);
    const parsed = parseStoreSettings(doc);
    if (!parsed.ok) {
      throw new Error(`${storeId} does not pass the schema:\n${parsed.issues.map((i) => `  ${i.path}: ${i.message}`).join('\n')}`);
    }
    return { storeId, host: `${storeId}.localhost`, about, doc, settings: parsed.settings };
  });
}
