import { describe, expect, it } from 'vitest';
import { legalNoticeWarnings } from './legal.ts';
import { parseStoreSettings, parseStoreSettingsJson, type SettingsIssue } from './parse.ts';
import { publicStoreSettings } from './public-settings.ts';
import type { StoreSettings } from './store-settings.ts';

// Test documents are edited freely, including into shapes the schema refuses.
// biome-ignore lint/suspicious/noExplicitAny: a loose JSON document is the point of these tests.
type Doc = Record<string, any>;

/** The smallest document the schema accepts: everything else has a default. */
function minimalDocument(): Doc {
  return {
    storeId: 'minimal',
    hosts: ['minimal.localhost'],
    serviceName: 'ミニマル',
    businessName: '株式会社ミニマル',
    images: {
      logoPc: '/brand/minimal/logo-pc.svg',
      logoSp: '/brand/minimal/logo-sp.svg',
      favicon: '/favicon.svg',
      appleTouchIcon: '/icon.png',
    },
    colors: { accentColor: '#1565c0', secondaryAccentColor: '#00695c', playerColor: '#42a5f5' },
    footers: { copyright: '© 2026 Minimal Inc.' },
    mail: { smtpDomain: 'minimal.example.jp' },
  };
}

function plan(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { planId: 'monthly', planType: 'subscription', planName: { ja: '月額', en: 'Monthly' }, price: 990, ...overrides };
}

const terms = { key: 'terms', policyId: 'terms', revision: 1, title: { ja: '利用規約', en: 'Terms' }, body: { ja: '本文', en: 'Text' } };

function accepted(input: unknown): StoreSettings {
  const result = parseStoreSettings(input);
  if (!result.ok) throw new Error(`expected a valid document, got ${JSON.stringify(result.issues)}`);
  return result.settings;
}

function refused(input: unknown): SettingsIssue[] {
  const result = parseStoreSettings(input);
  if (result.ok) throw new Error('expected the document to be refused');
  return result.issues;
}

describe('parseStoreSettings refuses a broken document with the JSON path and the reason', () => {
  it('a value of the wrong type', () => {
    const doc = minimalDocument();
    doc.plans = [plan({ price: '990' })];
    expect(refused(doc)).toEqual([{ path: '$.plans[0].price', message: expect.stringMatching(/expected number, received string/) }]);
  });

  it('a home-screen icon that is not a PNG (iOS ignores it); a PNG path or data URL is fine', () => {
    const doc = minimalDocument() as Record<string, unknown> & { images: Record<string, string> };
    doc.images = { ...doc.images, appleTouchIcon: '/brand/x/icon.svg' };
    expect(refused(doc)).toEqual([{ path: '$.images.appleTouchIcon', message: expect.stringMatching(/must be a PNG/) }]);
    for (const ok of ['/brand/x/icon.PNG?v=2', 'https://cdn.example.jp/icon.png#x', 'data:image/png;base64,iVBORw0KGgo=']) {
      doc.images = { ...doc.images, appleTouchIcon: ok };
      expect(parseStoreSettings(doc).ok, ok).toBe(true);
    }
  });

  it('an unknown field at the top (the schema is strict)', () => {
    const doc = { ...minimalDocument(), serviceNmae: 'typo' };
    expect(refused(doc)).toEqual([{ path: '$', message: expect.stringContaining('serviceNmae') }]);
  });

  it('an unknown field deep inside, reported at its object', () => {
    const doc = minimalDocument();
    doc.colors.accent = '#000000';
    doc.plans = [plan({ priceYen: 990 })];
    const issues = refused(doc);
    expect(issues).toContainEqual({ path: '$.colors', message: expect.stringContaining('accent') });
    expect(issues).toContainEqual({ path: '$.plans[0]', message: expect.stringContaining('priceYen') });
  });

  it.each(['#12345', 'red', '#12345g', '1565c0', '#1565c0ff'])('a bad colour %j', (colour) => {
    const doc = minimalDocument();
    doc.colors.accentColor = colour;
    expect(refused(doc)).toEqual([{ path: '$.colors.accentColor', message: 'must be a colour like #1a2b3c' }]);
  });

  it('a missing required field', () => {
    const doc = minimalDocument();
    delete doc.serviceName;
    delete doc.footers.copyright;
    const issues = refused(doc);
    expect(issues).toContainEqual({ path: '$.serviceName', message: expect.stringMatching(/expected string, received undefined/) });
    expect(issues).toContainEqual({ path: '$.footers.copyright', message: expect.stringMatching(/expected string, received undefined/) });
  });

  it('a localized text without Japanese', () => {
    const doc = minimalDocument();
    doc.plans = [plan({ planName: { en: 'Monthly' } })];
    expect(refused(doc)).toEqual([{ path: '$.plans[0].planName.ja', message: expect.stringMatching(/expected string/) }]);
  });

  it('a plan whose sales end before they start', () => {
    const doc = minimalDocument();
    doc.plans = [plan({ salesStartDate: '2026-05-01T00:00:00+09:00', salesEndDate: '2026-04-30T23:59:59+09:00' })];
    expect(refused(doc)).toEqual([{ path: '$.plans[0].salesEndDate', message: 'must be after salesStartDate' }]);
  });

  it('a plan whose sales end before they start, written with different offsets', () => {
    // As text the end sorts after the start; as instants it is 1 hour earlier.
    const doc = minimalDocument();
    doc.plans = [plan({ salesStartDate: '2026-04-01T00:00:00Z', salesEndDate: '2026-04-01T08:00:00+09:00' })];
    expect(refused(doc)).toEqual([{ path: '$.plans[0].salesEndDate', message: 'must be after salesStartDate' }]);
  });

  it('accepts sales dates in order even when the offsets differ', () => {
    const doc = minimalDocument();
    doc.plans = [plan({ salesStartDate: '2026-04-01T00:00:00+09:00', salesEndDate: '2026-03-31T16:00:01Z' })];
    expect(accepted(doc).plans[0]?.salesEndDate).toBe('2026-03-31T16:00:01Z');
  });

  it('a sales date without an offset', () => {
    const doc = minimalDocument();
    doc.plans = [plan({ salesStartDate: '2026-04-01T00:00:00' })];
    expect(refused(doc)).toEqual([{ path: '$.plans[0].salesStartDate', message: expect.stringMatching(/datetime/i) }]);
  });

  it('a campaign that refers to an unknown plan', () => {
    const doc = minimalDocument();
    doc.plans = [plan()];
    doc.campaigns = [
      {
        code: 'SPRING',
        name: { ja: '春', en: 'Spring' },
        planIds: ['monthly', 'yearly'],
        campaignType: 'discount',
        price: 490,
        startDate: '2026-04-01T00:00:00+09:00',
        endDate: '2026-05-01T00:00:00+09:00',
      },
    ];
    expect(refused(doc)).toEqual([{ path: '$.campaigns[0].planIds[1]', message: 'unknown plan yearly' }]);
  });

  it('a campaign that ends before it starts, or lacks the value its type needs', () => {
    const doc = minimalDocument();
    doc.plans = [plan()];
    const base = {
      name: { ja: '春', en: 'Spring' },
      planIds: ['monthly'],
      startDate: '2026-04-01T00:00:00+09:00',
      endDate: '2026-05-01T00:00:00+09:00',
    };
    doc.campaigns = [
      { ...base, code: 'BACKWARDS', campaignType: 'discount', price: 490, endDate: '2026-03-01T00:00:00+09:00' },
      { ...base, code: 'NOPRICE', campaignType: 'discount' },
      { ...base, code: 'NODAYS', campaignType: 'free' },
    ];
    expect(refused(doc)).toEqual([
      { path: '$.campaigns[0].endDate', message: 'must be after startDate' },
      { path: '$.campaigns[1].price', message: 'a discount campaign needs price' },
      { path: '$.campaigns[2].freeDays', message: 'a free campaign needs freeDays' },
    ]);
  });

  it('a campaign code that is not half-width alphanumeric', () => {
    const doc = minimalDocument();
    doc.plans = [plan()];
    doc.campaigns = [
      {
        code: 'ＳＰＲＩＮＧ',
        name: { ja: '春' },
        planIds: ['monthly'],
        campaignType: 'free',
        freeDays: 7,
        startDate: '2026-04-01T00:00:00+09:00',
        endDate: '2026-05-01T00:00:00+09:00',
      },
    ];
    expect(refused(doc)).toEqual([{ path: '$.campaigns[0].code', message: 'half-width letters and digits' }]);
  });

  it('duplicate plan ids, hosts, campaign codes and policies', () => {
    const doc = minimalDocument();
    doc.hosts = ['minimal.localhost', 'minimal.localhost'];
    doc.plans = [plan(), plan({ price: 550 })];
    const campaign = {
      name: { ja: '春' },
      planIds: ['monthly'],
      campaignType: 'free',
      freeDays: 7,
      startDate: '2026-04-01T00:00:00+09:00',
      endDate: '2026-05-01T00:00:00+09:00',
    };
    doc.campaigns = [
      { ...campaign, code: 'SPRING' },
      { ...campaign, code: 'spring' },
    ];
    doc.policies = [terms, { ...terms, policyId: 'terms-2' }];
    const issues = refused(doc);
    expect(issues).toContainEqual({ path: '$.hosts[1]', message: 'duplicate minimal.localhost' });
    expect(issues).toContainEqual({ path: '$.plans[1]', message: 'duplicate monthly' });
    expect(issues).toContainEqual({ path: '$.campaigns[1]', message: 'duplicate SPRING' });
    expect(issues).toContainEqual({ path: '$.policies[1]', message: 'duplicate terms' });
  });

  it('a plan that refers to an unknown survey', () => {
    const doc = minimalDocument();
    doc.plans = [plan({ surveyId: 'nope' })];
    expect(refused(doc)).toEqual([{ path: '$.plans[0].surveyId', message: 'unknown survey nope' }]);
  });

  it('a withdrawal survey that is not one of the surveys', () => {
    const doc = minimalDocument();
    doc.withdrawalSurveyId = 'nope';
    expect(refused(doc)).toEqual([{ path: '$.withdrawalSurveyId', message: 'unknown survey nope' }]);
    const leaving = {
      surveyId: 'leaving',
      surveyName: { ja: '退会アンケート' },
      questions: [{ questionId: 'why', questionType: 'text', questionTitle: { ja: '理由' } }],
    };
    expect(accepted({ ...doc, withdrawalSurveyId: 'leaving', surveys: [leaving] }).withdrawalSurveyId).toBe('leaving');
    expect(accepted(minimalDocument()).withdrawalSurveyId).toBeUndefined();
  });

  it('the user ID field used without features.userId', () => {
    const doc = minimalDocument();
    doc.signupFields = { userId: 'OPTIONAL' };
    expect(refused(doc)).toEqual([{ path: '$.signupFields.userId', message: 'needs features.userId to be true' }]);
    expect(accepted({ ...doc, features: { userId: true } }).signupFields.userId).toBe('OPTIONAL');
  });

  it('signupPolicyFirst without a terms policy', () => {
    const doc = { ...minimalDocument(), signupPolicyFirst: true };
    expect(refused(doc)).toEqual([{ path: '$.signupPolicyFirst', message: 'needs a terms policy in policies' }]);
    expect(accepted({ ...doc, policies: [terms] }).signupPolicyFirst).toBe(true);
  });

  it('an external policy without its URL and an internal one without text', () => {
    const doc = minimalDocument();
    doc.policies = [
      { key: 'terms', policyId: 'terms', revision: 1, title: { ja: '規約' } },
      { key: 'privacy', policyId: 'privacy', revision: 1, title: { ja: 'プライバシー' }, isExternal: true },
    ];
    expect(refused(doc)).toEqual([
      { path: '$.policies[0].body', message: 'an internal policy needs body' },
      { path: '$.policies[1].externalUrl', message: 'an external policy needs externalUrl' },
    ]);
  });

  it('a footer link without the path or URL its type needs', () => {
    const doc = minimalDocument();
    doc.footers.footerLinks = [
      { name: { ja: 'プラン' }, type: 'default' },
      { name: { ja: 'ヘルプ' }, type: 'url', path: '/help' },
    ];
    expect(refused(doc)).toEqual([
      { path: '$.footers.footerLinks[0].path', message: 'type default needs a path' },
      { path: '$.footers.footerLinks[1].url', message: 'type url needs a url' },
    ]);
  });

  it('a SELECT question without options', () => {
    const doc = minimalDocument();
    doc.signupFields = { customAssociatedInfo: [{ id: 'referral', title: { ja: 'きっかけ' }, type: 'SELECT', rule: 'REQUIRED' }] };
    expect(refused(doc)).toEqual([
      { path: '$.signupFields.customAssociatedInfo[0].selectOptions', message: 'SELECT needs at least one option' },
    ]);
  });

  it.each([
    ['an uppercase host', ['Shop.example.jp']],
    ['a host with a port', ['shop.example.jp:3000']],
    ['no host at all', []],
  ])('%s', (_, hosts) => {
    const doc = { ...minimalDocument(), hosts };
    expect(refused(doc)).toEqual([{ path: expect.stringMatching(/^\$\.hosts/), message: expect.any(String) }]);
  });

  it('invalid JSON text, with the parser message', () => {
    const result = parseStoreSettingsJson('{ "storeId": "broken", }');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual([{ path: '$', message: expect.stringMatching(/^invalid JSON: /) }]);
  });

  it('valid JSON text that is not an object', () => {
    expect(parseStoreSettingsJson('[]')).toEqual({
      ok: false,
      issues: [{ path: '$', message: expect.stringMatching(/expected object, received array/) }],
    });
  });
});

describe('parseStoreSettings applies the defaults', () => {
  it('fills a minimal document', () => {
    const s = accepted(minimalDocument());
    expect(s.defaultLanguage).toBe('ja');
    expect(s.theme).toBe('standard');
    expect(s.passwordStrength).toBe('NONE');
    expect(s.defaultLoginType).toBe('password');
    expect(s.genderInputType).toBe('Select');
    expect(s.disallowUnknownGender).toBe(false);
    expect(s.signupPolicyFirst).toBe(false);
    expect(s.enablePoweredByPvs).toBe(false);
    expect(s.botCheck).toBe('off');
    expect(s.features).toEqual({
      newsletter: false,
      privacy: false,
      pinCode: false,
      oidcConnections: false,
      userId: false,
      password: true,
      profileImage: false,
    });
    expect(s.signupFields.nickname).toBe('OPTIONAL');
    expect(s.signupFields.name).toBe('NOT_USE');
    expect(s.signupFields.userId).toBe('NOT_USE');
    expect(s.signupFields.maxLengths).toEqual({ name: 50, nickname: 30, email: 254, message: 500, address: 200 });
    expect(s.authCode).toEqual({ validityMinutes: 60, purposes: {} });
    expect(s.footers).toEqual({ footerLinks: [], socialMediaLinks: {}, trademarks: [], licenses: [], copyright: '© 2026 Minimal Inc.' });
    expect(s.oidc).toEqual({ clients: [], scopes: [], precautions: [] });
    expect(s.plans).toEqual([]);
    expect(s.paymentMethods).toEqual([]);
  });

  it('fills a plan and a footer link', () => {
    const doc = minimalDocument();
    doc.plans = [plan()];
    doc.footers.footerLinks = [{ name: { ja: 'プラン' }, type: 'default', path: '/plans' }];
    const s = accepted(doc);
    expect(s.plans[0]).toMatchObject({
      salesLimit: null,
      salesStartDate: null,
      salesEndDate: null,
      freeTrialDays: 0,
      renewSpan: 1,
      renewSpanUnit: 'month',
      forceStopRenewDate: null,
      purchaseLimitPerMember: null,
      surveyId: null,
      visible: true,
      onSale: true,
    });
    expect(s.footers.footerLinks[0]).toMatchObject({ enabled: true, external: false, displayType: 'always' });
  });

  it('keeps what the document states over the defaults', () => {
    const s = accepted({
      ...minimalDocument(),
      defaultLanguage: 'en',
      theme: 'sakura',
      passwordStrength: 'SYMBOL',
      features: { password: false },
    });
    expect(s).toMatchObject({ defaultLanguage: 'en', theme: 'sakura', passwordStrength: 'SYMBOL' });
    expect(s.features.password).toBe(false);
    expect(s.features.newsletter).toBe(false);
  });
});

describe('publicStoreSettings', () => {
  function fullDocument(): Doc {
    return {
      ...minimalDocument(),
      invoice: { registrationNumber: 'T1234567890123' },
      mail: { smtpDomain: 'minimal.example.jp', fromName: 'ミニマル' },
      plans: [plan()],
      policies: [terms],
      consentOptions: [{ consentOptionId: 'news', key: 'newsletter', title: { ja: 'メルマガ' } }],
      oidc: {
        clients: [{ clientId: 'tv-app', clientSecretEnv: 'TV_APP_SECRET', clientName: 'TV', redirectUris: ['https://tv.example.jp/cb'] }],
        scopes: [],
      },
    };
  }

  it('strips the private fields', () => {
    const pub = publicStoreSettings.parse(accepted(fullDocument()));
    for (const key of ['hosts', 'mail', 'oidc', 'invoice', '$schema']) expect(pub).not.toHaveProperty(key);
    const text = JSON.stringify(pub);
    for (const secret of ['minimal.localhost', 'minimal.example.jp', 'TV_APP_SECRET', 'tv-app', 'T1234567890123', 'redirectUris']) {
      expect(text).not.toContain(secret);
    }
  });

  it('keeps what the browser needs', () => {
    const settings = accepted(fullDocument());
    const pub = publicStoreSettings.parse(settings);
    expect(pub).toMatchObject({
      storeId: 'minimal',
      serviceName: 'ミニマル',
      theme: 'standard',
      colors: settings.colors,
      images: settings.images,
      footers: settings.footers,
      features: settings.features,
      signupFields: settings.signupFields,
      passwordStrength: 'NONE',
      defaultLoginType: 'password',
    });
  });
});

describe('the legal notice section (decision 0045)', () => {
  const legal = {
    seller: { ja: '株式会社ミニマル', en: 'Minimal Inc.' },
    representative: { ja: '代表取締役 最小 一郎' },
    address: { ja: '東京都千代田区千代田1-1' },
    phone: '03-1234-5678',
  };

  it('accepts the four statements a seller must make, and refuses a partial or malformed one', () => {
    expect(accepted({ ...minimalDocument(), legal, plans: [plan()] }).legal?.phone).toBe('03-1234-5678');
    const { phone: _phone, ...noPhone } = legal;
    expect(refused({ ...minimalDocument(), legal: noPhone })).toContainEqual(expect.objectContaining({ path: '$.legal.phone' }));
    expect(refused({ ...minimalDocument(), legal: { ...legal, phone: 'call us' } })).toContainEqual(
      expect.objectContaining({ path: '$.legal.phone', message: expect.stringContaining('digits and hyphens') }),
    );
    expect(refused({ ...minimalDocument(), legal: { ...legal, email: 'not-an-address' } })).toContainEqual(
      expect.objectContaining({ path: '$.legal.email' }),
    );
  });

  it('warns, without refusing, about a store that sells without it (documents written before it existed still apply)', () => {
    const selling = accepted({ ...minimalDocument(), plans: [plan()] });
    expect(legalNoticeWarnings(selling)).toEqual([expect.stringMatching(/^\$\.legal: missing; a store that sells/)]);
    expect(legalNoticeWarnings(accepted({ ...minimalDocument(), legal, plans: [plan()] }))).toEqual([]);
    // Not selling: no plans, or only retired ones.
    expect(legalNoticeWarnings(accepted(minimalDocument()))).toEqual([]);
    expect(legalNoticeWarnings(accepted({ ...minimalDocument(), plans: [plan({ onSale: false })] }))).toEqual([]);
  });

  it('stays private: the browser gets the page data, never the section', () => {
    expect(publicStoreSettings.parse(accepted({ ...minimalDocument(), legal }))).not.toHaveProperty('legal');
  });
});
