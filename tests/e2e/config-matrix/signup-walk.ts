/**
 * Sign-up driven by a store's settings instead of a known store: the way to the details form
 * (policies first or after the code, as configured), the form's expected controls with their
 * 必須/任意 badges in settings order, and a value a newcomer would type into each.
 */

import type { StoreSettings } from '#config-schema/index.ts';
import { pickText } from '#domain/localized-text.ts';
import { PROFILE_FIELDS, type ProfileField } from '#domain/validation/profile-field-list.ts';
import { expect, type Locator, type Page, waitForHydration } from '../fixtures.ts';
import { field, mainButton, newPassword, type Outbox, randomSuffix, readPolicyToEnd } from '../identity/support.ts';

export type Lang = 'ja' | 'en';
type StoreUrl = (storeId: string, path?: string) => string;

/** The screen texts the walk reads, in the product's two languages (locales/en.po). */
export const TEXTS = {
  ja: {
    required: '必須',
    optional: '任意',
    email: 'メールアドレス',
    emailAgain: 'メールアドレス（確認用）',
    defaultCode: '認証コード',
    send: (code: string) => `${code}を送信`,
    verify: '認証して次へ',
    agree: '同意して次へ',
    agreeTo: (title: string) => `${title}に同意します`,
    byEmail: 'メールアドレスで登録',
    formTitle: '会員情報の入力',
    submit: '登録する',
    robot: '私はロボットではありません',
    password: 'パスワード',
    passwordAgain: 'パスワード（確認用）',
    female: '女性',
    prefecture: '東京都',
  },
  en: {
    required: 'Required',
    optional: 'Optional',
    email: 'E-mail address',
    emailAgain: 'E-mail address (again)',
    defaultCode: 'verification code',
    send: (code: string) => `Send a ${code}`,
    verify: 'Verify and continue',
    agree: 'Agree and continue',
    agreeTo: (title: string) => `I agree to the ${title}`,
    byEmail: 'Sign up with e-mail',
    formTitle: 'Your details',
    submit: 'Sign up',
    robot: "I'm not a robot",
    password: 'Password',
    passwordAgain: 'Password (again)',
    female: 'Female',
    prefecture: 'Tokyo',
  },
} as const;

const LABELS: Record<ProfileField, Record<Lang, string>> = {
  userId: { ja: 'ユーザID', en: 'User ID' },
  name: { ja: '氏名', en: 'Full name' },
  nameKana: { ja: '氏名（カナ）', en: 'Full name (katakana)' },
  familyName: { ja: '姓', en: 'Family name' },
  givenName: { ja: '名', en: 'Given name' },
  familyNameKana: { ja: 'セイ', en: 'Family name (katakana)' },
  givenNameKana: { ja: 'メイ', en: 'Given name (katakana)' },
  nickname: { ja: 'ニックネーム', en: 'Nickname' },
  sex: { ja: '性別', en: 'Sex' },
  birthday: { ja: '生年月日', en: 'Date of birth' },
  phoneNumber: { ja: '電話番号', en: 'Phone number' },
  postalCode: { ja: '郵便番号', en: 'Postal code' },
  prefecture: { ja: '都道府県', en: 'Prefecture' },
  address: { ja: '住所', en: 'Address' },
  message: { ja: 'メッセージ', en: 'Message' },
};

/** What an empty REQUIRED control says (domain/validation/messages.ts and its English). */
const REQUIRED_ERRORS = {
  ja: {
    common: 'この項目は必須です。',
    select: '選択してください。',
    userId: 'ユーザIDを入力してください。',
    sex: '性別を選択してください。',
    prefecture: '都道府県を選択してください。',
  },
  en: {
    common: 'This field is required.',
    select: 'Please make a selection.',
    userId: 'Please enter a user ID.',
    sex: 'Please select your sex.',
    prefecture: 'Please select your prefecture.',
  },
} as const;

const TEXT_VALUES: Partial<Record<ProfileField, string>> = {
  name: '試験 花子',
  nameKana: 'シケン　ハナコ',
  familyName: '試験',
  givenName: '花子',
  familyNameKana: 'シケン',
  givenNameKana: 'ハナコ',
  nickname: 'まとりくす',
  birthday: '19920315',
  phoneNumber: '09012345678',
  postalCode: '1000001',
  address: '千代田区千代田1-1',
  message: 'よろしくお願いします。',
};

type Role = 'textbox' | 'combobox' | 'group';

/** One control of the details form as the settings ask for it. */
export type ExpectedControl = {
  key: string;
  role: Role;
  label: string;
  usage: 'REQUIRED' | 'OPTIONAL';
  requiredError: string;
  fill: (form: Locator) => Promise<void>;
};

function byName(scope: Locator, role: Role, label: string): Locator {
  const badge = '(?: (?:必須|任意|Required|Optional))?';
  return scope.getByRole(role, { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${badge}$`) });
}

/** The profile and store-question controls the settings use, in form order (NOT_USE ones are absent). */
export function expectedControls(s: StoreSettings, lang: Lang): ExpectedControl[] {
  const t = TEXTS[lang];
  const errors = REQUIRED_ERRORS[lang];
  const out: ExpectedControl[] = [];
  for (const name of PROFILE_FIELDS) {
    const usage = name === 'userId' && !s.features.userId ? 'NOT_USE' : s.signupFields[name];
    if (usage === 'NOT_USE') continue;
    const label = LABELS[name][lang];
    const base = { key: name, label, usage };
    if (name === 'sex' && s.genderInputType === 'Radio') {
      out.push({
        ...base,
        role: 'group',
        requiredError: errors.sex,
        fill: (f) => byName(f, 'group', label).getByRole('radio', { name: t.female }).check(),
      });
    } else if (name === 'sex') {
      out.push({
        ...base,
        role: 'combobox',
        requiredError: errors.sex,
        fill: (f) =>
          byName(f, 'combobox', label)
            .selectOption({ label: t.female })
            .then(() => {}),
      });
    } else if (name === 'prefecture') {
      out.push({
        ...base,
        role: 'combobox',
        requiredError: errors.prefecture,
        fill: (f) =>
          byName(f, 'combobox', label)
            .selectOption({ label: t.prefecture })
            .then(() => {}),
      });
    } else {
      const value = name === 'userId' ? `cm${randomSuffix(10)}` : (TEXT_VALUES[name] ?? 'x');
      const requiredError = name === 'userId' ? errors.userId : errors.common;
      out.push({ ...base, role: 'textbox', requiredError, fill: (f) => byName(f, 'textbox', label).fill(value) });
    }
  }
  for (const def of s.signupFields.customAssociatedInfo) {
    if (def.rule === 'NOT_USE') continue;
    const label = pickText(def.title, lang);
    const first = def.selectOptions[0];
    const base = { key: `custom:${def.id}`, label, usage: def.rule };
    if (def.type === 'TEXT') {
      out.push({ ...base, role: 'textbox', requiredError: errors.common, fill: (f) => byName(f, 'textbox', label).fill('映画研究会') });
    } else if (def.type === 'SELECT' && first) {
      const option = pickText(first.label, lang);
      out.push({
        ...base,
        role: 'combobox',
        requiredError: errors.select,
        fill: (f) =>
          byName(f, 'combobox', label)
            .selectOption({ label: option })
            .then(() => {}),
      });
    } else if (first) {
      const option = pickText(first.label, lang);
      out.push({
        ...base,
        role: 'group',
        requiredError: errors.select,
        fill: (f) => byName(f, 'group', label).getByRole('checkbox', { name: option }).check(),
      });
    }
  }
  return out;
}

/** The locator of an expected control. */
export function control(form: Locator, c: Pick<ExpectedControl, 'role' | 'label'>): Locator {
  return byName(form, c.role, c.label);
}

/** `role "name"` of every text box, drop-down and group of the form, in order (from its ARIA snapshot). */
export async function formControls(form: Locator): Promise<string[]> {
  const snapshot = await form.ariaSnapshot();
  return [...snapshot.matchAll(/^\s*- (textbox|combobox|group) "((?:[^"\\]|\\.)*)"/gm)].map((m) => `${m[1]} "${m[2]}"`);
}

/** What formControls should answer for the settings: e-mail, the controls in use, the password pair. */
export function expectedFormControls(s: StoreSettings, lang: Lang): string[] {
  const t = TEXTS[lang];
  const badge = (u: 'REQUIRED' | 'OPTIONAL') => (u === 'REQUIRED' ? t.required : t.optional);
  return [
    `textbox "${t.email}"`,
    ...expectedControls(s, lang).map((c) => `${c.role} "${c.label} ${badge(c.usage)}"`),
    ...(s.features.password ? [`textbox "${t.password} ${t.required}"`, `textbox "${t.passwordAgain} ${t.required}"`] : []),
  ];
}

/** A password the store accepts whatever its strength (a lower-case letter, a digit, upper case and a symbol). */
export function passwordFor(): string {
  return newPassword('UPPER_CASE_SYMBOL');
}

async function tickBotCheck(page: Page, s: StoreSettings, lang: Lang): Promise<void> {
  if (s.botCheck === 'sandbox') await page.getByRole('main').getByRole('checkbox', { name: TEXTS[lang].robot }).check();
}

async function agreeToPolicies(page: Page, s: StoreSettings, lang: Lang): Promise<void> {
  const t = TEXTS[lang];
  for (const p of s.policies) {
    const title = pickText(p.title, lang);
    if (p.isExternal) await page.getByRole('checkbox', { name: t.agreeTo(title) }).check();
    else await readPolicyToEnd(page, title);
  }
  await mainButton(page, t.agree).click();
}

/**
 * From the first sign-up page to the details form, in `lang`: the policies where the store puts
 * them (first, or after the code when it has any), the e-mail, and the code from the outbox.
 * `opts.onPage`: the sign-up is already open (a link followed, e.g. the login page's 新規登録 with
 * its `?redirectTo=`), at /signup or /signup/auth; the walk goes on from there.
 */
export async function walkToDetailsForm(
  page: Page,
  outbox: Pick<Outbox, 'code'>,
  storeUrl: StoreUrl,
  store: { storeId: string; settings: StoreSettings },
  email: string,
  lang: Lang,
  opts: { onPage?: boolean } = {},
): Promise<void> {
  const { storeId, settings: s } = store;
  const t = TEXTS[lang];
  if (opts.onPage) {
    await waitForHydration(page);
    if (s.signupPolicyFirst) await agreeToPolicies(page, s, lang);
    await expect(page).toHaveURL(/\/signup\/(auth|email)(\?|$)/);
    if (new URL(page.url()).pathname === '/signup/auth') {
      await waitForHydration(page);
      await page.getByRole('main').getByRole('link', { name: t.byEmail }).click();
    }
  } else if (s.signupPolicyFirst) {
    await page.goto(storeUrl(storeId, `/signup?lang=${lang}`));
    await waitForHydration(page);
    await agreeToPolicies(page, s, lang);
    await expect(page).toHaveURL(/\/signup\/auth$/);
    await page.getByRole('main').getByRole('link', { name: t.byEmail }).click();
  } else {
    await page.goto(storeUrl(storeId, `/signup/email?lang=${lang}`));
  }
  await expect(page).toHaveURL(/\/signup\/email(\?|$)/);
  await waitForHydration(page);
  const codeName = pickText(s.authCode.purposes.signUp?.displayName, lang) ?? t.defaultCode;
  await field(page, 'textbox', t.email).fill(email);
  await field(page, 'textbox', t.emailAgain).fill(email);
  await tickBotCheck(page, s, lang);
  await mainButton(page, t.send(codeName)).click();
  await expect(page).toHaveURL(/\/signup\/pin-code$/);
  const code = await outbox.code(email);
  await field(page, 'textbox', codeName.charAt(0).toUpperCase() + codeName.slice(1)).fill(code);
  await mainButton(page, t.verify).click();
  if (!s.signupPolicyFirst && s.policies.length > 0) {
    await expect(page).toHaveURL(/\/signup\/policy$/);
    await agreeToPolicies(page, s, lang);
  }
  await expect(page).toHaveURL(/\/signup\/form$/);
  await expect(page.getByRole('heading', { level: 1, name: t.formTitle })).toBeVisible();
  await waitForHydration(page);
  await tickBotCheck(page, s, lang);
}
