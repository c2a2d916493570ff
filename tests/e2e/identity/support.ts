/**
 * What the identity specs share: unique addresses, the store's outbox (/dev/outbox, where every
 * mail is kept instead of being sent), form fields found by their visible label, the header's
 * signed-in and signed-out states, and the sign-up a newcomer goes through.
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext } from '@playwright/test';
import { expect, type Locator, type Page, waitForHydration } from '../fixtures.ts';
import { escapeRegExp, tenantFile } from '../tenants.ts';

/** An address no other test (or earlier run on the same server) uses. */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.jp`;
}

/** A short random suffix of letters and digits (for passwords and user IDs). */
export function randomSuffix(length = 6): string {
  let out = '';
  while (out.length < length) out += Math.random().toString(36).slice(2);
  return out.slice(0, length);
}

/** A password of the store's strength (never on the common-password list: it is random). */
export function newPassword(strength: 'UPPER_CASE' | 'UPPER_CASE_SYMBOL'): string {
  return strength === 'UPPER_CASE' ? `Sky${randomSuffix(6)}7q` : `Red#${randomSuffix(6)}7q`;
}

/**
 * A form control by its visible label. The label row adds the 必須/任意 (Required/Optional)
 * badge to the accessible name ("氏名 必須"), so the label is matched as the name's start.
 */
export function field(scope: Page | Locator, role: 'textbox' | 'combobox' | 'checkbox', label: string): Locator {
  const badge = '(?: (?:必須|任意|Required|Optional))?';
  return scope.getByRole(role, { name: new RegExp(`^${escapeRegExp(label)}${badge}$`) });
}

/** The button of the page's main form (the header may have a link with the same words). */
export function mainButton(page: Page, name: string | RegExp): Locator {
  return page.getByRole('main').getByRole('button', { name, exact: typeof name === 'string' ? true : undefined });
}

type Lang = 'ja' | 'en';
const HEADER_TEXTS = {
  ja: { menu: 'アカウントメニュー', login: 'ログイン', logout: 'ログアウト', loggedOut: 'ログアウトしました' },
  en: { menu: 'Account menu', login: 'Log in', logout: 'Log out', loggedOut: 'You have logged out' },
} as const;

/** The header of a signed-in viewer: the account menu, no log-in link. */
export async function expectSignedInHeader(page: Page, lang: Lang = 'ja'): Promise<void> {
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: HEADER_TEXTS[lang].menu })).toBeVisible();
  await expect(header.getByRole('link', { name: HEADER_TEXTS[lang].login, exact: true })).toHaveCount(0);
}

/** The header of a guest: the log-in link, no account menu. */
export async function expectSignedOutHeader(page: Page, lang: Lang = 'ja'): Promise<void> {
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: HEADER_TEXTS[lang].login, exact: true })).toBeVisible();
  await expect(header.getByRole('button', { name: HEADER_TEXTS[lang].menu })).toHaveCount(0);
}

/** Logs out through the header's account menu and checks the logout page and the guest header. */
export async function logOutThroughMenu(page: Page, lang: Lang = 'ja'): Promise<void> {
  const t = HEADER_TEXTS[lang];
  await waitForHydration(page);
  const menu = page.getByRole('banner').getByRole('button', { name: t.menu });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('banner').getByRole('link', { name: t.logout }).click();
  await expect(page).toHaveURL(/\/logout$/);
  await expect(page.getByRole('heading', { level: 1, name: t.loggedOut })).toBeVisible();
  await expectSignedOutHeader(page, lang);
}

// A one-time code in a mail: six digits standing alone (not part of a time, a date, a longer number
// or a colour such as #343945).
const CODE = /(?<![\d:/.#-])\d{6}(?![\d:/.-])/;
const RESET_LINK = /\/password\/reset\?token=/;

/**
 * The store's outbox in a page of its own, read the way a newcomer reads a mailbox: the mails to
 * one address, newest first, the code or the link in the newest.
 */
export class Outbox {
  readonly page: Page;
  private readonly url: string;

  private constructor(page: Page, url: string) {
    this.page = page;
    this.url = url;
  }

  /** A new tab of `context` for the outbox at `url` (storeUrl(storeId, '/dev/outbox')). */
  static async open(context: BrowserContext, url: string): Promise<Outbox> {
    return new Outbox(await context.newPage(), url);
  }

  private mails(email: string, kind: 'code' | 'reset'): Locator {
    const to = this.page.getByRole('main').getByRole('listitem').filter({ hasText: email });
    return kind === 'code' ? to.filter({ hasText: CODE }) : to.filter({ has: this.page.getByRole('link', { name: RESET_LINK }) });
  }

  /** How many mails of `kind` went to `email` so far (to tell the next one from the earlier ones). */
  async count(email: string, kind: 'code' | 'reset'): Promise<number> {
    await this.page.goto(this.url);
    return this.mails(email, kind).count();
  }

  /** Loads the outbox again until more than `before` mails of `kind` went to `email`; the newest. */
  private async newest(email: string, kind: 'code' | 'reset', before: number): Promise<Locator> {
    await expect(async () => {
      await this.page.goto(this.url);
      expect(await this.mails(email, kind).count()).toBeGreaterThan(before);
    }, `a new ${kind} mail to ${email} in the outbox`).toPass({ timeout: 10_000 });
    return this.mails(email, kind).first();
  }

  /** The code in the newest code mail to `email` (after `before` earlier ones). */
  async code(email: string, before = 0): Promise<string> {
    const mail = await this.newest(email, 'code', before);
    // innerText, the text as shown: textContent would include the CSS of the <style> elements that
    // server-rendered Emotion puts inside the first list item (a CI run read a colour as the code).
    const code = (await mail.innerText()).match(CODE)?.[0];
    if (!code) throw new Error(`no 6-digit code in the mail to ${email}`);
    return code;
  }

  /** The reset link of the newest reset mail to `email`. */
  async resetLink(email: string, before = 0): Promise<Locator> {
    const mail = await this.newest(email, 'reset', before);
    return mail.getByRole('link', { name: RESET_LINK });
  }
}

/** A six-digit code that is surely not `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

type TenantFile = {
  signupFields: Record<string, unknown>;
  passwordStrength: 'UPPER_CASE' | 'UPPER_CASE_SYMBOL';
  policies: Array<{ key: string; isExternal: boolean; title: { ja: string; en?: string }; externalUrl?: string }>;
};

/** The parts of a tenant file the identity pages follow (tenants.ts types only the branding). */
export function tenantIdentity(storeId: string): TenantFile {
  return JSON.parse(readFileSync(tenantFile(storeId), 'utf8')) as TenantFile;
}

/**
 * Reads each internal policy to its end, as a keyboard user does: the text box takes the focus
 * and End scrolls it to the bottom. Like a user, it presses End again if the box has not moved (a
 * loaded CI machine once lost the first press: the box had the focus and stayed at the top).
 */
export async function readPolicyToEnd(page: Page, title: string): Promise<void> {
  const section = page.getByRole('main').getByRole('region', { name: title });
  const box = section.getByRole('region', { name: title });
  // Scrolled to the end, then told so under the box (the form counts it read): a page that has
  // not hydrated yet counts the scroll when it does, and a box drawn again would be scrolled again.
  await expect(async () => {
    await box.focus();
    await page.keyboard.press('End');
    await expect
      .poll(() => box.evaluate((el) => Math.ceil(el.scrollTop + el.clientHeight) >= el.scrollHeight - 4), { timeout: 2_000 })
      .toBe(true);
    await expect(section.getByText(/^(最後までお読みいただきました。|Read to the end\.)$/)).toBeVisible({ timeout: 3_000 });
  }, `the policy "${title}" scrolled to its end with the End key, and shown as read`).toPass({ timeout: 20_000 });
}

export type Member = { email: string; password: string };

type StoreUrl = (storeId: string, path?: string) => string;

/**
 * Called on each page of a sign-up as it is reached (the accessibility checks use it); on the
 * details form it is called with the empty form's errors showing.
 */
export type StepCheck = (what: string) => Promise<void>;

/**
 * Signs up on aozora (Japanese) the whole way, as a newcomer would: e-mail, code from the
 * outbox, policies read, the details form. Ends signed in on the plans step; or, from a page
 * already open (`opts.onPage`: /oidc/signup/auth, an app's sign-up), wherever `opts.next` says.
 */
export async function signUpOnAozora(
  page: Page,
  outbox: Pick<Outbox, 'code'>,
  storeUrl: StoreUrl,
  check?: StepCheck,
  opts: { onPage?: boolean; next?: RegExp } = {},
): Promise<Member> {
  const tenant = tenantIdentity('aozora');
  const member = { email: uniqueEmail('aozora'), password: newPassword('UPPER_CASE') };
  if (!opts.onPage) await page.goto(storeUrl('aozora', '/signup/email'));
  await waitForHydration(page);
  await check?.('/signup/email');
  await field(page, 'textbox', 'メールアドレス').fill(member.email);
  await field(page, 'textbox', 'メールアドレス（確認用）').fill(member.email);
  await mainButton(page, '認証コードを送信').click();
  await expect(page).toHaveURL(/\/signup\/pin-code$/);
  await expect(page.getByRole('heading', { level: 1, name: '認証コードの入力' })).toBeVisible();
  await check?.('/signup/pin-code');
  const code = await outbox.code(member.email);
  await field(page, 'textbox', '認証コード').fill(code);
  await mainButton(page, '認証して次へ').click();
  await expect(page).toHaveURL(/\/signup\/policy$/);
  await expect(page.getByRole('heading', { level: 1, name: '規約への同意' })).toBeVisible();
  await check?.('/signup/policy');
  for (const p of tenant.policies.filter((x) => !x.isExternal)) await readPolicyToEnd(page, p.title.ja);
  await mainButton(page, '同意して次へ').click();
  await expect(page).toHaveURL(/\/signup\/form$/);
  await expect(page.getByRole('heading', { level: 1, name: '会員情報の入力' })).toBeVisible();
  if (check) {
    await mainButton(page, '登録する').click();
    await expect(field(page, 'textbox', '氏名')).toHaveAttribute('aria-invalid', 'true');
    await check('/signup/form (with errors)');
  }
  await field(page, 'textbox', '氏名').fill('青空 花子');
  await field(page, 'textbox', '氏名（カナ）').fill('アオゾラ　ハナコ');
  await field(page, 'combobox', '性別').selectOption({ label: '女性' });
  await field(page, 'textbox', '生年月日').fill('19920315');
  await field(page, 'textbox', 'パスワード').fill(member.password);
  await field(page, 'textbox', 'パスワード（確認用）').fill(member.password);
  await mainButton(page, '登録する').click();
  await expect(page).toHaveURL(opts.next ?? /\/signup\/(plans|complete)$/);
  await expectSignedInHeader(page);
  await check?.('/signup/plans');
  return member;
}

/**
 * kurenai in English up to the details form: the policies first (the internal terms read to the
 * end, the external privacy policy consented to with its box), the e-mail and its code.
 */
export async function kurenaiToDetailsForm(
  page: Page,
  outbox: Outbox,
  storeUrl: StoreUrl,
  email: string,
  check?: StepCheck,
): Promise<void> {
  const tenant = tenantIdentity('kurenai');
  const terms = tenant.policies.find((p) => !p.isExternal);
  const privacy = tenant.policies.find((p) => p.isExternal);
  if (!terms?.title.en || !privacy?.title.en) throw new Error('kurenai has one internal and one external policy, titled in English');
  await page.goto(storeUrl('kurenai', '/signup?lang=en'));
  await waitForHydration(page);
  await check?.('/signup (policies first)');
  await readPolicyToEnd(page, terms.title.en);
  await page.getByRole('checkbox', { name: `I agree to the ${privacy.title.en}` }).check();
  await mainButton(page, 'Agree and continue').click();
  await expect(page).toHaveURL(/\/signup\/auth$/);
  await page.getByRole('main').getByRole('link', { name: 'Sign up with e-mail' }).click();
  await expect(page).toHaveURL(/\/signup\/email$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your e-mail address' })).toBeVisible();
  await check?.('/signup/email');
  await field(page, 'textbox', 'E-mail address').fill(email);
  await field(page, 'textbox', 'E-mail address (again)').fill(email);
  await mainButton(page, 'Send a sign-up code').click();
  await expect(page).toHaveURL(/\/signup\/pin-code$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Enter the sign-up code' })).toBeVisible();
  await check?.('/signup/pin-code');
  await field(page, 'textbox', 'Sign-up code').fill(await outbox.code(email));
  await mainButton(page, 'Verify and continue').click();
  await expect(page).toHaveURL(/\/signup\/form$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your details' })).toBeVisible();
}

/** Signs up on kurenai in English the whole way (nickname, optional user ID, password). Ends signed in. */
export async function signUpOnKurenai(
  page: Page,
  outbox: Outbox,
  storeUrl: StoreUrl,
  opts: { userId?: string; check?: StepCheck } = {},
): Promise<Member> {
  const member = { email: uniqueEmail('kurenai'), password: newPassword('UPPER_CASE_SYMBOL') };
  await kurenaiToDetailsForm(page, outbox, storeUrl, member.email, opts.check);
  if (opts.check) {
    await mainButton(page, 'Sign up').click();
    await expect(field(page, 'textbox', 'Nickname')).toHaveAttribute('aria-invalid', 'true');
    await opts.check('/signup/form (with errors)');
  }
  if (opts.userId) await field(page, 'textbox', 'User ID').fill(opts.userId);
  await field(page, 'textbox', 'Nickname').fill('Crimson fan');
  await field(page, 'textbox', 'Password').fill(member.password);
  await field(page, 'textbox', 'Password (again)').fill(member.password);
  await mainButton(page, 'Sign up').click();
  await expect(page).toHaveURL(/\/signup\/(plans|complete)$/);
  await expectSignedInHeader(page, 'en');
  await opts.check?.('/signup/plans');
  return member;
}

/** Logs in by password on /login (password is aozora's default mode) and lands signed in on the top page. */
export async function logInByPassword(page: Page, storeUrl: StoreUrl, member: Member): Promise<void> {
  await page.goto(storeUrl('aozora', '/login'));
  await waitForHydration(page);
  await field(page, 'textbox', 'メールアドレス').fill(member.email);
  await field(page, 'textbox', 'パスワード').fill(member.password);
  await mainButton(page, 'ログイン').click();
  await expect(page).toHaveURL(storeUrl('aozora', '/'));
  await expectSignedInHeader(page);
}
