// The words of a plan card, from the language-free descriptors of the screen data (see
// domain/plan-price.ts and domain/plan-button.ts). Pure: each takes the page's Lingui instance.
import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { formatYen } from '#domain/plan-price.ts';

type Descriptor = { kind: string; n?: number; unit?: string };

/** The price line, tax included: 「¥990 / 月（税込）」, "¥990 / month (tax incl.)", 「¥440（税込）」. */
export function priceText(i18n: I18n, price: number, suffix: Descriptor): string {
  const amount = formatYen(price);
  const n = suffix.n ?? 1;
  switch (suffix.kind) {
    case 'perDay':
      return t(i18n)`${amount} / 日（税込）`;
    case 'perWeek':
      return t(i18n)`${amount} / 週（税込）`;
    case 'perMonth':
      return t(i18n)`${amount} / 月（税込）`;
    case 'perYear':
      return t(i18n)`${amount} / 年（税込）`;
    case 'perNDays':
      return t(i18n)`${amount} / ${n}日（税込）`;
    case 'perNWeeks':
      return t(i18n)`${amount} / ${n}週間（税込）`;
    case 'perNMonths':
      return t(i18n)`${amount} / ${n}か月（税込）`;
    case 'perNYears':
      return t(i18n)`${amount} / ${n}年（税込）`;
    default:
      // oneTime: purchases and rentals.
      return t(i18n)`${amount}（税込）`;
  }
}

/** The renewal line of a subscription: 「毎月自動更新」, 「3か月ごとに自動更新」, 「年間」. */
export function renewalLabel(i18n: I18n, renewal: Descriptor): string {
  if (renewal.kind === 'annual') return t(i18n)`年間`;
  const n = renewal.n ?? 1;
  switch (renewal.unit) {
    case 'day':
      return n === 1 ? t(i18n)`毎日自動更新` : t(i18n)`${n}日ごとに自動更新`;
    case 'week':
      return n === 1 ? t(i18n)`毎週自動更新` : t(i18n)`${n}週間ごとに自動更新`;
    case 'year':
      return n === 1 ? t(i18n)`毎年自動更新` : t(i18n)`${n}年ごとに自動更新`;
    default:
      return n === 1 ? t(i18n)`毎月自動更新` : t(i18n)`${n}か月ごとに自動更新`;
  }
}

export type PlanButtonView = { label: string; enabled: boolean };

/**
 * The plan button, from `button.kind` alone (the server decided the state). Only contract and
 * trial can be pressed; an unknown kind is shown as not contractable.
 */
export function planButtonView(i18n: I18n, button: { kind: string; trialDays?: number }): PlanButtonView {
  switch (button.kind) {
    case 'contract':
      return { label: t(i18n)`プランを契約する`, enabled: true };
    case 'trial': {
      const days = button.trialDays ?? 0;
      return { label: t(i18n)`${days}日間無料トライアル`, enabled: true };
    }
    case 'afterSale':
      return { label: t(i18n)`販売終了`, enabled: false };
    case 'beforeSale':
      return { label: t(i18n)`販売開始前`, enabled: false };
    default:
      // contractLimited and soldOut share the disabled-contract label.
      return { label: t(i18n)`契約できません`, enabled: false };
  }
}

export function planTypeLabel(i18n: I18n, planType: string): string {
  switch (planType) {
    case 'subscription':
      return t(i18n)`定期`;
    case 'rental':
      return t(i18n)`レンタル`;
    default:
      return t(i18n)`購入`;
  }
}

export function stockLabel(i18n: I18n, stock: 'plenty' | 'fewLeft' | 'soldOut'): string {
  switch (stock) {
    case 'plenty':
      return t(i18n)`在庫あり`;
    case 'fewLeft':
      return t(i18n)`残りわずか`;
    case 'soldOut':
      return t(i18n)`売り切れ`;
  }
}

export function campaignLabel(i18n: I18n): string {
  return t(i18n)`キャンペーン実施中`;
}

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/**
 * When a sale opens, in JST: 「2030年4月1日 0:00から販売開始」, "On sale from April 1, 2030, 0:00 JST".
 * The date comes from Intl (date only, stable across engines); the time is written by hand so the
 * server and the browser print the same characters.
 */
export function salesStartText(i18n: I18n, iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) throw new RangeError(`not a date: ${JSON.stringify(iso)}`);
  const date = new Intl.DateTimeFormat(i18n.locale === 'en' ? 'en-US' : 'ja-JP', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(time);
  const jst = new Date(time + JST_OFFSET_MS);
  const clock = `${jst.getUTCHours()}:${String(jst.getUTCMinutes()).padStart(2, '0')}`;
  return t(i18n)`${date} ${clock}から販売開始`;
}
