// The demo stores in tenants/*.json: each must be valid, and together they must show a viewer
// every variation the product supports (themes, colours, footers, sign-up rules, plan states).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { legalNoticeWarnings } from './legal.ts';
import { parseStoreSettingsJson } from './parse.ts';
import { type StoreSettings, THEMES } from './store-settings.ts';

const rootDir = fileURLToPath(new URL('../', import.meta.url));
const tenantFiles = readdirSync(`${rootDir}tenants`)
  .filter((f) => f.endsWith('.json'))
  .sort();

type Tenant = { file: string; text: string; raw: Record<string, unknown>; settings: StoreSettings };

const tenants: Tenant[] = tenantFiles.map((file) => {
  const text = readFileSync(`${rootDir}tenants/${file}`, 'utf8');
  const result = parseStoreSettingsJson(text);
  if (!result.ok) throw new Error(`tenants/${file}: ${result.issues.map((i) => `${i.path} ${i.message}`).join('; ')}`);
  return { file, text, raw: JSON.parse(text), settings: result.settings };
});
const stores = tenants.map((t) => t.settings);
const now = Date.now();

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function hue(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

/** Every object shaped like a localized text ({ ja, en? }), with its location. */
function localizedTexts(node: unknown, where: string, out: Array<{ where: string; text: Record<string, unknown> }> = []) {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) localizedTexts(item, `${where}[${i}]`, out);
  } else if (node && typeof node === 'object') {
    const keys = Object.keys(node);
    if (keys.includes('ja') && keys.every((k) => k === 'ja' || k === 'en')) out.push({ where, text: node as Record<string, unknown> });
    else for (const [k, v] of Object.entries(node)) localizedTexts(v, `${where}.${k}`, out);
  }
  return out;
}

function salesCount(storeId: string, planId: string): number {
  return seeds[storeId]?.[planId] ?? 0;
}
const seeds = JSON.parse(readFileSync(`${rootDir}seeds/plan-sales.json`, 'utf8')) as Record<string, Record<string, number>>;

describe.each(tenants)('tenants/$file', ({ file, text, raw, settings }) => {
  it('is a valid store document named after its store id', () => {
    expect(file).toBe(`${settings.storeId}.json`);
  });

  it('starts with the $schema reference, for editor completion', () => {
    expect(Object.keys(raw)[0]).toBe('$schema');
    expect(raw.$schema).toBe('../config-schema/store-settings.schema.json');
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('is reached at <id>.localhost', () => {
    expect(settings.hosts[0]).toBe(`${settings.storeId}.localhost`);
  });

  it('has every viewer-facing text in Japanese and English', () => {
    const texts = localizedTexts(raw, '$');
    expect(texts.length).toBeGreaterThan(10);
    expect(texts.filter((t) => typeof t.text.en !== 'string').map((t) => t.where)).toEqual([]);
  });

  it('has accent colours that carry white text (WCAG AA, 4.5:1)', () => {
    expect(contrast(settings.colors.accentColor, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(settings.colors.secondaryAccentColor, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('uses brand images that exist under public/brand/<id>/', () => {
    for (const url of Object.values(settings.images)) {
      expect(url.startsWith(`/brand/${settings.storeId}/`)).toBe(true);
      expect(existsSync(`${rootDir}public${url}`), url).toBe(true);
    }
  });

  it('has SVG images with a title and only generic font families', () => {
    for (const url of Object.values(settings.images).filter((u) => u.endsWith('.svg'))) {
      const svg = readFileSync(`${rootDir}public${url}`, 'utf8');
      expect(svg, url).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg, url).toMatch(/<title[^>]*>[^<]+<\/title>/);
      for (const [, family] of svg.matchAll(/font-family="([^"]*)"/g)) {
        expect(['serif', 'sans-serif', 'monospace', 'system-ui'], url).toContain(family);
      }
      expect(svg, url).not.toMatch(/<script|xlink:href="http|href="http/);
    }
  });

  it('has a 180 x 180 PNG home-screen icon rendered from its SVG source', () => {
    const png = readFileSync(`${rootDir}public${settings.images.appleTouchIcon}`);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // IHDR: width and height, big-endian, at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([180, 180]);
    expect(existsSync(`${rootDir}public${settings.images.appleTouchIcon.replace(/\.png$/, '.svg')}`)).toBe(true);
  });

  it('has a wide desktop logo and a square mobile logo', () => {
    const viewBox = (url: string) => {
      const m = readFileSync(`${rootDir}public${url}`, 'utf8').match(/viewBox="0 0 ([\d.]+) ([\d.]+)"/);
      return { w: Number(m?.[1]), h: Number(m?.[2]) };
    };
    const pc = viewBox(settings.images.logoPc);
    const sp = viewBox(settings.images.logoSp);
    expect(pc.w / pc.h).toBeGreaterThanOrEqual(4);
    expect(sp.w / sp.h).toBeCloseTo(1, 1);
  });

  it('uses every kind of footer link', () => {
    const links = settings.footers.footerLinks;
    expect(new Set(links.map((l) => l.displayType))).toEqual(new Set(['login', 'logout', 'always']));
    expect(new Set(links.map((l) => l.type))).toEqual(new Set(['default', 'url']));
    expect(links.some((l) => l.external)).toBe(true);
    expect(links.some((l) => !l.enabled)).toBe(true);
  });

  it('sends mail from its own domain and loads no tag manager', () => {
    expect(settings.mail.smtpDomain).toBe(`${settings.storeId}.example.jp`);
    expect(settings.gtmId).toBeUndefined();
  });

  it('has terms and privacy policies', () => {
    expect(settings.policies.map((p) => p.key).sort()).toEqual(['privacy', 'terms']);
  });

  it('sells, and publishes its 特定商取引法に基づく表記 in both languages (decision 0045)', () => {
    expect(settings.plans.some((p) => p.onSale)).toBe(true);
    expect(legalNoticeWarnings(settings)).toEqual([]);
    const legal = settings.legal;
    for (const text of [legal?.seller, legal?.representative, legal?.address]) expect(text?.en).toBeTruthy();
  });
});

describe('the demo stores together', () => {
  it('are at least three, with unique ids', () => {
    expect(stores.length).toBeGreaterThanOrEqual(3);
    const ids = stores.map((s) => s.storeId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('never share a host', () => {
    const hosts = stores.flatMap((s) => s.hosts);
    expect(new Set(hosts).size).toBe(hosts.length);
  });

  it('have exactly one default store at localhost', () => {
    expect(stores.filter((s) => s.hosts.includes('localhost')).map((s) => s.storeId)).toHaveLength(1);
  });

  it('use each theme once', () => {
    expect(stores.map((s) => s.theme).sort()).toEqual([...THEMES].sort());
  });

  it('have clearly different accent hues', () => {
    const hues = stores.map((s) => hue(s.colors.accentColor));
    for (let i = 0; i < hues.length; i++) {
      for (let j = i + 1; j < hues.length; j++) {
        const d = Math.abs(hues[i]! - hues[j]!);
        expect(Math.min(d, 360 - d)).toBeGreaterThanOrEqual(60);
      }
    }
  });

  it('have all four, some and no social links', () => {
    const counts = stores.map((s) => Object.values(s.footers.socialMediaLinks).filter(Boolean).length).sort();
    expect(counts[0]).toBe(0);
    expect(counts.at(-1)).toBe(4);
    expect(counts.some((n) => n > 0 && n < 4)).toBe(true);
  });

  it('vary the footer extras', () => {
    expect(stores.filter((s) => s.enablePoweredByPvs)).toHaveLength(2);
    expect(stores.every((s) => s.footers.trademarks.length > 0)).toBe(true);
    expect(stores.some((s) => s.footers.licenses.length > 0)).toBe(true);
    expect(new Set(stores.map((s) => s.footers.copyright)).size).toBe(stores.length);
  });

  it('vary the sign-up and login rules', () => {
    expect(new Set(stores.map((s) => s.defaultLoginType))).toEqual(new Set(['password', 'authCode']));
    expect(new Set(stores.map((s) => s.passwordStrength))).toEqual(new Set(['NONE', 'UPPER_CASE', 'UPPER_CASE_SYMBOL']));
    expect(stores.filter((s) => s.signupPolicyFirst)).toHaveLength(1);
    expect(stores.some((s) => s.disallowUnknownGender && s.signupFields.sex !== 'NOT_USE')).toBe(true);
    for (const type of ['Select', 'Radio'] as const) {
      expect(stores.some((s) => s.genderInputType === type && s.signupFields.sex !== 'NOT_USE')).toBe(true);
    }
    expect(stores.some((s) => s.policies.some((p) => p.key === 'privacy' && p.isExternal))).toBe(true);
  });

  it('include a store that requires name, kana, sex and birthday, and one that needs only a nickname', () => {
    expect(stores.some((s) => (['name', 'nameKana', 'sex', 'birthday'] as const).every((f) => s.signupFields[f] === 'REQUIRED'))).toBe(
      true,
    );
    expect(
      stores.some((s) => {
        const { customAssociatedInfo, maxLengths, ...usages } = s.signupFields;
        const required = Object.entries(usages).filter(([, u]) => u === 'REQUIRED');
        return required.length === 1 && required[0]?.[0] === 'nickname' && customAssociatedInfo.every((c) => c.rule !== 'REQUIRED');
      }),
    ).toBe(true);
  });

  it('include custom sign-up questions of every type', () => {
    const types = stores.flatMap((s) => s.signupFields.customAssociatedInfo.map((c) => c.type));
    expect(new Set(types)).toEqual(new Set(['TEXT', 'SELECT', 'CHECKBOX']));
  });

  it('offer the main payment methods', () => {
    const methods = new Set(stores.flatMap((s) => s.paymentMethods));
    for (const m of ['SbpsCredit', 'PaypalRest', 'SbpsDocomo', 'CampaignCode']) expect(methods.has(m as never)).toBe(true);
  });

  it('use the feature flags in different combinations', () => {
    const combos = stores.map((s) => JSON.stringify(s.features));
    expect(new Set(combos).size).toBe(stores.length);
  });
});

describe('the demo plans', () => {
  const plans = stores.flatMap((s) => s.plans.map((p) => ({ ...p, storeId: s.storeId, salesCount: salesCount(s.storeId, p.planId) })));
  const subs = plans.filter((p) => p.planType === 'subscription');

  it.each([
    ['daily', 1, 'day'],
    ['weekly', 1, 'week'],
    ['monthly', 1, 'month'],
    ['3-monthly', 3, 'month'],
    ['yearly (12 months)', 12, 'month'],
  ])('include a %s subscription', (_, span, unit) => {
    expect(subs.some((p) => p.renewSpan === span && p.renewSpanUnit === unit && p.visible)).toBe(true);
  });

  it('include a free trial, a purchase and a rental', () => {
    expect(subs.some((p) => p.freeTrialDays === 14 || p.freeTrialDays === 31)).toBe(true);
    expect(plans.some((p) => p.planType === 'purchase')).toBe(true);
    expect(plans.some((p) => p.planType === 'rental')).toBe(true);
  });

  it('include plans before and after their sales period', () => {
    expect(plans.some((p) => p.salesStartDate && Date.parse(p.salesStartDate) > now)).toBe(true);
    expect(plans.some((p) => p.salesEndDate && Date.parse(p.salesEndDate) < now)).toBe(true);
  });

  it('include sold-out, few-left and plenty stock once the seeds are applied', () => {
    const limited = plans.filter((p) => p.salesLimit != null);
    const level = (p: (typeof limited)[number]) => {
      const limit = p.salesLimit as number;
      if (p.salesCount >= limit) return 'soldOut';
      return p.salesCount * 5 >= limit * 4 || limit - p.salesCount === 1 ? 'fewLeft' : 'plenty';
    };
    expect(new Set(limited.map(level))).toEqual(new Set(['soldOut', 'fewLeft', 'plenty']));
  });

  it('have realistic yen prices', () => {
    for (const p of plans) expect(p.price % 10, `${p.storeId}/${p.planId}`).toBe(0);
    expect(plans.every((p) => p.price >= 100 && p.price <= 20_000)).toBe(true);
  });

  // Issue 9: a newcomer on each demo store can buy each kind of plan, with each kind of method the store allows.
  it.each(stores.map((s) => [s.storeId, s] as const))('%s: a plan of each kind on sale now, with stock', (_, store) => {
    for (const kind of ['subscription', 'rental', 'purchase'] as const) {
      const onSale = store.plans.filter(
        (p) =>
          p.planType === kind &&
          p.visible &&
          !(p.salesStartDate && Date.parse(p.salesStartDate) > now) &&
          !(p.salesEndDate && Date.parse(p.salesEndDate) < now) &&
          (p.salesLimit == null || salesCount(store.storeId, p.planId) < p.salesLimit),
      );
      expect(onSale.length, `${store.storeId} sells a ${kind}`).toBeGreaterThan(0);
    }
  });

  it('include a 100 % campaign code and an automatic price for N payments, running now', () => {
    const running = stores.flatMap((s) => s.campaigns).filter((c) => Date.parse(c.startDate) <= now && now < Date.parse(c.endDate));
    expect(running.some((c) => c.code && c.campaignType === 'discount' && c.price === 0)).toBe(true);
    expect(running.some((c) => c.automatic && c.campaignType === 'discount' && (c.paymentCount ?? 0) > 1)).toBe(true);
  });

  it('include a campaign that is running now', () => {
    const running = stores.flatMap((s) => s.campaigns).filter((c) => Date.parse(c.startDate) <= now && now < Date.parse(c.endDate));
    expect(running.length).toBeGreaterThan(0);
  });
});

describe('seeds/plan-sales.json', () => {
  it('names only stores and limited plans that exist, with counts within reason', () => {
    for (const [storeId, counts] of Object.entries(seeds)) {
      const store = stores.find((s) => s.storeId === storeId);
      expect(store, storeId).toBeDefined();
      for (const [planId, count] of Object.entries(counts)) {
        const plan = store?.plans.find((p) => p.planId === planId);
        expect(plan, `${storeId}/${planId}`).toBeDefined();
        expect(plan?.salesLimit, `${storeId}/${planId}`).not.toBeNull();
        expect(Number.isInteger(count) && count >= 0 && count <= (plan?.salesLimit ?? 0)).toBe(true);
      }
    }
  });
});
