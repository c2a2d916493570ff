import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { planButtonKinds } from '#domain/plan-button.ts';
import { messages as en } from '../../locales/en.po';
import { messages as ja } from '../../locales/ja.po';
import { campaignLabel, planButtonView, planTypeLabel, priceText, renewalLabel, salesStartText, stockLabel } from './plan-texts.ts';

const i18nJa = setupI18n({ locale: 'ja', messages: { ja } });
const i18nEn = setupI18n({ locale: 'en', messages: { en } });

describe('priceText', () => {
  const cases: Array<[{ kind: string; n?: number }, number, string, string]> = [
    [{ kind: 'oneTime' }, 440, '¥440（税込）', '¥440 (tax incl.)'],
    [{ kind: 'perDay' }, 220, '¥220 / 日（税込）', '¥220 / day (tax incl.)'],
    [{ kind: 'perWeek' }, 330, '¥330 / 週（税込）', '¥330 / week (tax incl.)'],
    [{ kind: 'perMonth' }, 990, '¥990 / 月（税込）', '¥990 / month (tax incl.)'],
    [{ kind: 'perYear' }, 9800, '¥9,800 / 年（税込）', '¥9,800 / year (tax incl.)'],
    [{ kind: 'perNDays', n: 10 }, 1000, '¥1,000 / 10日（税込）', '¥1,000 / 10 days (tax incl.)'],
    [{ kind: 'perNWeeks', n: 2 }, 600, '¥600 / 2週間（税込）', '¥600 / 2 weeks (tax incl.)'],
    [{ kind: 'perNMonths', n: 3 }, 2640, '¥2,640 / 3か月（税込）', '¥2,640 / 3 months (tax incl.)'],
    [{ kind: 'perNYears', n: 2 }, 18000, '¥18,000 / 2年（税込）', '¥18,000 / 2 years (tax incl.)'],
  ];
  for (const [suffix, price, jaText, enText] of cases) {
    it(`${suffix.kind}${suffix.n ? ` ${suffix.n}` : ''}`, () => {
      expect(priceText(i18nJa, price, suffix)).toBe(jaText);
      expect(priceText(i18nEn, price, suffix)).toBe(enText);
    });
  }
});

describe('renewalLabel', () => {
  const cases: Array<[{ kind: string; unit?: string; n?: number }, string, string]> = [
    [{ kind: 'annual' }, '年間', 'Annual'],
    [{ kind: 'everyN', unit: 'month', n: 1 }, '毎月自動更新', 'Renews every month'],
    [{ kind: 'everyN', unit: 'month', n: 3 }, '3か月ごとに自動更新', 'Renews every 3 months'],
    [{ kind: 'everyN', unit: 'week', n: 1 }, '毎週自動更新', 'Renews every week'],
    [{ kind: 'everyN', unit: 'week', n: 2 }, '2週間ごとに自動更新', 'Renews every 2 weeks'],
    [{ kind: 'everyN', unit: 'day', n: 1 }, '毎日自動更新', 'Renews every day'],
    [{ kind: 'everyN', unit: 'day', n: 10 }, '10日ごとに自動更新', 'Renews every 10 days'],
    [{ kind: 'everyN', unit: 'year', n: 1 }, '毎年自動更新', 'Renews every year'],
    [{ kind: 'everyN', unit: 'year', n: 2 }, '2年ごとに自動更新', 'Renews every 2 years'],
  ];
  for (const [renewal, jaText, enText] of cases) {
    it(`${renewal.kind} ${renewal.unit ?? ''} ${renewal.n ?? ''}`, () => {
      expect(renewalLabel(i18nJa, renewal)).toBe(jaText);
      expect(renewalLabel(i18nEn, renewal)).toBe(enText);
    });
  }
});

describe('planButtonView', () => {
  const expected: Record<(typeof planButtonKinds)[number], [string, string, boolean]> = {
    contractLimited: ['契約できません', 'Not available', false],
    afterSale: ['販売終了', 'Sale ended', false],
    beforeSale: ['販売開始前', 'Not on sale yet', false],
    soldOut: ['契約できません', 'Not available', false],
    trial: ['14日間無料トライアル', 'Start 14-day free trial', true],
    contract: ['プランを契約する', 'Get this plan', true],
  };
  for (const kind of planButtonKinds) {
    it(kind, () => {
      const button = kind === 'trial' ? { kind, trialDays: 14 } : { kind };
      const [jaLabel, enLabel, enabled] = expected[kind];
      expect(planButtonView(i18nJa, button)).toEqual({ label: jaLabel, enabled });
      expect(planButtonView(i18nEn, button)).toEqual({ label: enLabel, enabled });
    });
  }
  it('shows an unknown kind as not contractable', () => {
    expect(planButtonView(i18nJa, { kind: 'somethingNew' })).toEqual({ label: '契約できません', enabled: false });
  });
});

describe('badges and stock', () => {
  it('names the plan types', () => {
    expect(['subscription', 'purchase', 'rental'].map((p) => planTypeLabel(i18nJa, p))).toEqual(['定期', '購入', 'レンタル']);
    expect(['subscription', 'purchase', 'rental'].map((p) => planTypeLabel(i18nEn, p))).toEqual(['Subscription', 'Purchase', 'Rental']);
  });
  it('names the stock levels', () => {
    const levels = ['plenty', 'fewLeft', 'soldOut'] as const;
    expect(levels.map((s) => stockLabel(i18nJa, s))).toEqual(['在庫あり', '残りわずか', '売り切れ']);
    expect(levels.map((s) => stockLabel(i18nEn, s))).toEqual(['In stock', 'Only a few left', 'Sold out']);
  });
  it('names the campaign', () => {
    expect(campaignLabel(i18nJa)).toBe('キャンペーン実施中');
    expect(campaignLabel(i18nEn)).toBe('Campaign on now');
  });
});

describe('salesStartText', () => {
  it('prints the start in JST', () => {
    expect(salesStartText(i18nJa, '2030-04-01T00:00:00+09:00')).toBe('2030年4月1日 0:00から販売開始');
    expect(salesStartText(i18nEn, '2030-04-01T00:00:00+09:00')).toBe('On sale from April 1, 2030, 0:00 JST');
    // 15:30 UTC is 00:30 the next day in Tokyo.
    expect(salesStartText(i18nJa, '2030-03-31T15:30:00Z')).toBe('2030年4月1日 0:30から販売開始');
  });
  it('rejects a malformed date', () => {
    expect(() => salesStartText(i18nJa, 'soon')).toThrow(RangeError);
  });
});
