import { describe, expect, it } from 'vitest';
import { type StoreSettingsInput, storeSettings } from '#config-schema/store-settings.ts';
import type { Language } from '#domain/language.ts';
import { tenantDoc } from '../../../tests/helpers/tenant-factory.ts';
import { formatJst, type MailKind, type MailVars, renderMail } from './templates.ts';

const store = (overrides: Partial<StoreSettingsInput> = {}) =>
  storeSettings.parse(tenantDoc('aozora', { serviceName: 'Aozora Video', businessName: 'Aozora Inc.', ...overrides }));
const origin = 'http://aozora.localhost:3000';
const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;

const vars: MailVars = {
  authCode: { code: '042917', purpose: 'signUp', validityMinutes: 60 },
  passwordReset: { resetUrl: 'http://aozora.localhost:3000/password/reset?token=abc&x=1', validityMinutes: 30 },
  loginAlert: {
    at: new Date('2026-05-01T03:04:00Z'),
    deviceName: 'iPhone (iOS 17.5)',
    browser: 'Mobile Safari',
    country: 'JP',
    ip: '203.0.113.9',
  },
  welcome: { loginUrl: 'http://aozora.localhost:3000/login' },
  emailChanged: { at: new Date('2026-05-01T03:04:00Z'), newEmail: 'n***@example.jp' },
  subscriptionCancelled: {
    planName: 'Standard',
    usableUntil: '2026-12-09',
    at: new Date('2026-11-25T03:04:00Z'),
    detailUrl: 'http://aozora.localhost:3000/mypage/subscription/s1',
  },
  subscriptionCancelUndone: {
    planName: 'Standard',
    nextSettlementDay: '2026-12-10',
    at: new Date('2026-11-25T03:04:00Z'),
    detailUrl: 'http://aozora.localhost:3000/mypage/subscription/s1',
  },
  billingReceipt: {
    planName: 'Unlimited',
    amount: 1100,
    taxAmount: 100,
    taxRate: 10,
    paidOn: '2027-03-31',
    nextSettlementDay: '2027-04-30',
    paymentMethod: 'VISA **** 4242',
    historyUrl: 'http://aozora.localhost:3000/mypage/payment-history',
  },
  billingFailed: {
    planName: 'Unlimited',
    amount: 1100,
    ended: false,
    retryUntil: '2027-04-07',
    plansUrl: 'http://aozora.localhost:3000/mypage/plans',
  },
  orderConfirmation: {
    subscription: true,
    planName: 'Weekly Pass',
    orderId: '0d1c2b3a-0000-4000-8000-000000000001',
    orderedAt: new Date('2026-11-27T02:00:00Z'),
    paymentMethod: 'Visa **** 1111',
    // The rows come translated already (orderTermRows in the member's language).
    terms: [['Charges', 'Payments 1-4: ¥165 each\nFrom payment 5: ¥330 each']],
    cancel: { label: 'Cancel in My Page', url: 'http://aozora.localhost:3000/mypage/plans' },
    legalUrl: 'http://aozora.localhost:3000/legal/tokushoho',
    myPageUrl: 'http://aozora.localhost:3000/mypage',
  },
  refundCompleted: {
    planName: 'Unlimited',
    amount: 500,
    taxAmount: 45,
    taxRate: 10,
    paidOn: '2027-03-31',
    paidAmount: 1100,
    refundedOn: '2027-04-02',
    paymentMethod: 'VISA **** 4242',
    remaining: 600,
    historyUrl: 'http://aozora.localhost:3000/mypage/payment-history',
  },
};

const expected = {
  subscriptionCancelled: {
    ja: {
      subject: '【Aozora Video】プランの解約を受け付けました',
      body: ['「Standard」の解約を受け付けました', '2026年12月9日まで引き続きご利用いただけます', '/mypage/subscription/s1'],
    },
    en: {
      subject: '[Aozora Video] Your plan cancellation has been received',
      body: ['cancellation of the plan Standard', 'until December 9, 2026', '/mypage/subscription/s1'],
    },
  },
  subscriptionCancelUndone: {
    ja: { subject: '【Aozora Video】プランの解約を取り消しました', body: ['「Standard」の解約を取り消しました', '2026年12月10日'] },
    en: {
      subject: '[Aozora Video] Your plan cancellation has been undone',
      body: ['cancellation of the plan Standard on Aozora Video has been undone', 'December 10, 2026'],
    },
  },
  authCode: {
    ja: { subject: '【Aozora Video】認証コードのお知らせ', body: ['042917', 'Aozora Videoの会員登録を続けるには', '有効期限は60分'] },
    en: {
      subject: '[Aozora Video] Your verification code',
      body: ['042917', 'To continue signing up for Aozora Video', 'valid for 60 minutes'],
    },
  },
  passwordReset: {
    ja: {
      subject: '【Aozora Video】パスワード再設定のご案内',
      body: ['/password/reset?token=abc', '有効期限は30分', 'パスワードは変更されません'],
    },
    en: {
      subject: '[Aozora Video] Reset your password',
      body: ['/password/reset?token=abc', 'valid for 30 minutes', 'will not be changed'],
    },
  },
  loginAlert: {
    ja: {
      subject: '【Aozora Video】新しい端末からのログインがありました',
      body: ['2026年5月1日 12:04 (JST)', 'iPhone (iOS 17.5)', 'Mobile Safari', '日本 (JP)', '203.0.113.9', 'パスワードを変更してください'],
    },
    en: {
      subject: '[Aozora Video] New login from a new device',
      body: ['May 1, 2026, 12:04 PM (JST)', 'iPhone (iOS 17.5)', 'Mobile Safari', 'Japan (JP)', '203.0.113.9', 'Change your password'],
    },
  },
  welcome: {
    ja: { subject: '【Aozora Video】会員登録が完了しました', body: ['Aozora Videoにご登録いただき', '/login'] },
    en: { subject: '[Aozora Video] Your registration is complete', body: ['Thank you for joining Aozora Video', '/login'] },
  },
  emailChanged: {
    ja: {
      subject: '【Aozora Video】メールアドレスが変更されました',
      body: ['2026年5月1日 12:04 (JST)', 'n***@example.jp', 'お心当たりがない場合'],
    },
    en: {
      subject: '[Aozora Video] Your e-mail address was changed',
      body: ['May 1, 2026, 12:04 PM (JST)', 'n***@example.jp', 'did not make this change'],
    },
  },
} as Record<MailKind, Record<Language, { subject: string; body: string[] }>>;

const billingExpected: Pick<typeof expected, 'billingReceipt' | 'billingFailed'> = {
  billingReceipt: {
    ja: {
      subject: '【Aozora Video】ご利用料金のお支払いが完了しました',
      body: ['Unlimited', '1,100円', '（うち消費税10% 100円）', '2027/03/31', '2027/04/30', 'VISA **** 4242', '/mypage/payment-history'],
    },
    en: {
      subject: '[Aozora Video] Your payment is complete',
      body: ['Unlimited', '¥1,100', '(incl. 10% tax ¥100)', '2027/03/31', '2027/04/30', 'VISA **** 4242', '/mypage/payment-history'],
    },
  },
  billingFailed: {
    ja: {
      subject: '【Aozora Video】ご利用料金のお支払いができませんでした',
      body: ['更新保留中', '1,100円', '2027/04/07までに', '/mypage/plans'],
    },
    en: { subject: '[Aozora Video] We could not take your payment', body: ['on hold', '¥1,100', 'by 2027/04/07', '/mypage/plans'] },
  },
};
Object.assign(expected, billingExpected, {
  refundCompleted: {
    ja: {
      subject: '【Aozora Video】ご返金のお知らせ',
      body: [
        'Unlimited',
        '500円',
        '（うち消費税10% 45円）',
        '2027/04/02',
        '2027/03/31 1,100円',
        'VISA **** 4242',
        '600円',
        '/mypage/payment-history',
      ],
    },
    en: {
      subject: '[Aozora Video] Your refund',
      body: [
        'Unlimited',
        '¥500',
        '(incl. 10% tax ¥45)',
        '2027/04/02',
        '2027/03/31 ¥1,100',
        'VISA **** 4242',
        '¥600',
        '/mypage/payment-history',
      ],
    },
  },
  orderConfirmation: {
    ja: {
      subject: '【Aozora Video】お申し込みを受け付けました',
      body: [
        '次の内容でお申し込みを承りました',
        'Weekly Pass',
        '2026年11月27日 11:00 (JST)',
        'Visa **** 1111',
        '¥165',
        '/mypage/plans',
        '/legal/tokushoho',
      ],
    },
    en: {
      subject: '[Aozora Video] Your subscription has been received',
      body: ['Weekly Pass', 'November 27, 2026, 11:00 AM (JST)', 'Visa **** 1111', '¥330', '/mypage/plans', '/legal/tokushoho'],
    },
  },
});

describe('renderMail', () => {
  for (const kind of Object.keys(expected) as MailKind[]) {
    for (const lang of ['ja', 'en'] as const) {
      it(`renders ${kind} in ${lang}, as text and HTML, in the store's brand`, () => {
        const mail = renderMail(kind, { lang, store: store(), origin, vars: vars[kind] } as never);
        const want = expected[kind][lang];
        expect(mail.subject).toBe(want.subject);
        for (const part of want.body) {
          expect(mail.text).toContain(part);
          expect(mail.html).toContain(part.replace(/&/g, '&amp;'));
        }
        for (const part of [mail.text, mail.html]) {
          expect(part).toContain('Aozora Inc.');
          expect(part).toContain('© 2026 aozora');
        }
        expect(mail.html).toContain(`<html lang="${lang}">`);
        expect(mail.html).toContain('background:#0b5cad');
        expect(mail.html).toContain('src="http://aozora.localhost:3000/brand/x/logo-pc.svg"');
        if (lang === 'en') expect(`${mail.subject}\n${mail.text}`).not.toMatch(JAPANESE);
      });
    }
  }

  it("names a subscription mail's one plan in the singular", () => {
    for (const kind of ['subscriptionCancelled', 'subscriptionCancelUndone'] as const) {
      const mail = renderMail(kind, { lang: 'en', store: store(), origin, vars: vars[kind] } as never);
      expect(mail.text).toMatch(/^Plan: Standard$/m);
      expect(mail.html).toContain('>Plan</th>');
    }
  });

  it("uses the purpose's display name from the settings", () => {
    const s = store({ authCode: { purposes: { login: { displayName: { ja: 'ワンタイムパスワード', en: 'one-time password' } } } } });
    const ja = renderMail('authCode', { lang: 'ja', store: s, origin, vars: { code: '123456', purpose: 'login', validityMinutes: 10 } });
    expect(ja.subject).toBe('【Aozora Video】ワンタイムパスワードのお知らせ');
    expect(ja.text).toContain('Aozora Videoにログインするには、次のワンタイムパスワードを入力してください。');
    const en = renderMail('authCode', { lang: 'en', store: s, origin, vars: { code: '123456', purpose: 'login', validityMinutes: 10 } });
    expect(en.text).toContain('This one-time password is valid for 10 minutes.');
  });

  it('escapes every value in the HTML', () => {
    const evil = '<script>alert("x")</script> & Co';
    const s = store({ serviceName: evil, businessName: '<b>Biz</b>', footers: { copyright: '© <i>2026</i>' } });
    const mail = renderMail('loginAlert', {
      lang: 'ja',
      store: s,
      origin,
      vars: { ...vars.loginAlert, deviceName: '<img src=x onerror=alert(1)>', browser: '"Chrome"', ip: "1.2.3.4'" },
    });
    expect(mail.html).not.toMatch(/<script|<img src=x|<b>|<i>/);
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('&quot;Chrome&quot;');
    expect(mail.html).toContain('1.2.3.4&#39;');
    expect(mail.text).toContain(evil);
  });

  it('links only http(s) URLs', () => {
    const mail = renderMail('passwordReset', {
      lang: 'ja',
      store: store(),
      origin,
      vars: { resetUrl: 'javascript:alert(1)', validityMinutes: 30 },
    });
    expect(mail.html).not.toContain('href="javascript');
    const ok = renderMail('passwordReset', { lang: 'ja', store: store(), origin, vars: vars.passwordReset });
    expect(ok.html).toContain('href="http://aozora.localhost:3000/password/reset?token=abc&amp;x=1"');
  });

  it('keeps an https logo, and leaves out a data: logo (mail clients block it)', () => {
    const images = { logoSp: '/s.svg', favicon: '/f.svg', appleTouchIcon: '/a.png' };
    const https = renderMail('welcome', {
      lang: 'ja',
      store: store({ images: { ...images, logoPc: 'https://cdn.example.jp/logo.png' } }),
      origin,
      vars: vars.welcome,
    });
    expect(https.html).toContain('src="https://cdn.example.jp/logo.png"');
    const data = renderMail('welcome', {
      lang: 'ja',
      store: store({ images: { ...images, logoPc: 'data:image/png;base64,AAAA' } }),
      origin,
      vars: vars.welcome,
    });
    expect(data.html).not.toContain('<img');
    expect(data.html).toContain('Aozora Video');
  });

  it('shows an unknown country as such', () => {
    const ja = renderMail('loginAlert', { lang: 'ja', store: store(), origin, vars: { ...vars.loginAlert, country: null } });
    expect(ja.text).toContain('国・地域: 不明');
    const en = renderMail('loginAlert', { lang: 'en', store: store(), origin, vars: { ...vars.loginAlert, country: null } });
    expect(en.text).toContain('Country/region: Unknown');
  });

  it('formats times in JST', () => {
    expect(formatJst(new Date('2026-12-31T15:30:00Z'), 'ja')).toBe('2027年1月1日 0:30 (JST)');
  });
});
