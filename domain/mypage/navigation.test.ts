import { describe, expect, it } from 'vitest';
import { HOSTILE_REDIRECTS } from '../safe-redirect.test-cases.ts';
import {
  backLinkTarget,
  isCompletionPage,
  isReturnablePage,
  MENU_ITEM_PATHS,
  menuItems,
  mypageNavigation,
  SLIDER_STEP_PX,
  SOCIAL_RELATE_ERROR_PATH,
  sliderScrollAfterStep,
} from './navigation.ts';

const both = { hasSubscriptionPlan: true, isStorePaymentAvailable: true };
const plansOnly = { hasSubscriptionPlan: true, isStorePaymentAvailable: false };
const paymentOnly = { hasSubscriptionPlan: false, isStorePaymentAvailable: true };
const neither = { hasSubscriptionPlan: false, isStorePaymentAvailable: false };

describe('menuItems', () => {
  it('shows every item with a subscription plan and store payment', () => {
    expect(menuItems(both)).toEqual(['home', 'plans', 'paymentMethod', 'paymentHistory']);
  });

  it('Plan only with a subscription plan; payment items only with store payment; Home with either', () => {
    expect(menuItems(plansOnly)).toEqual(['home', 'plans']);
    expect(menuItems(paymentOnly)).toEqual(['home', 'paymentMethod', 'paymentHistory']);
    expect(menuItems(neither)).toEqual([]);
  });

  it('links each item to its page', () => {
    expect(MENU_ITEM_PATHS).toEqual({
      home: '/mypage',
      plans: '/mypage/plans',
      paymentMethod: '/mypage/payment-method',
      paymentHistory: '/mypage/payment-history',
    });
  });
});

describe('isCompletionPage', () => {
  it.each([
    '/mypage/edit/complete',
    '/mypage/email/edit/complete',
    '/mypage/pin-code/complete',
    '/mypage/payment-method/delete/complete',
    '/mypage/social/enable/complete',
    '/mypage/subscription/s1/withdraw/complete',
    '/withdraw/complete',
    '/mypage/edit/complete/',
    '/mypage/edit/complete?x=1',
  ])('%s is one', (path) => expect(isCompletionPage(path)).toBe(true));

  it.each(['/mypage', '/mypage/edit', '/mypage/completed', '/mypage/complete-profile', '/withdraw'])('%s is not', (path) =>
    expect(isCompletionPage(path)).toBe(false),
  );
});

describe('mypageNavigation', () => {
  const nav = (pathname: string, opts: { isApp?: boolean; status?: typeof both; storedPrevious?: unknown } = {}) =>
    mypageNavigation({ pathname, isApp: opts.isApp ?? false, status: opts.status ?? both, storedPrevious: opts.storedPrevious });

  it('shows the menu on the pages of the member area, without a back link', () => {
    expect(nav('/mypage')).toEqual({ menu: ['home', 'plans', 'paymentMethod', 'paymentHistory'], backLink: null });
    expect(nav('/mypage/login-history', { status: plansOnly })).toEqual({ menu: ['home', 'plans'], backLink: null });
  });

  it('no menu in the app: a back link instead', () => {
    expect(nav('/mypage/login-history', { isApp: true, storedPrevious: '/mypage/consent?type=privacy' })).toEqual({
      menu: null,
      backLink: '/mypage/consent?type=privacy',
    });
    expect(nav('/mypage/edit', { isApp: true })).toEqual({ menu: null, backLink: '/mypage' });
  });

  it('no self link: My Page in the app with nothing stored shows neither', () => {
    expect(nav('/mypage', { isApp: true })).toEqual({ menu: null, backLink: null });
  });

  it('completion pages go back to My Page whatever was stored', () => {
    expect(nav('/mypage/pin-code/complete', { storedPrevious: '/mypage/login-history' })).toEqual({ menu: null, backLink: '/mypage' });
    expect(nav('/mypage/edit/complete')).toEqual({ menu: null, backLink: '/mypage' });
  });

  it('the relate-error page shows no menu', () => {
    expect(nav(SOCIAL_RELATE_ERROR_PATH)).toEqual({ menu: null, backLink: '/mypage' });
  });

  it('a store without plans or store payment gets a back link rather than a menu of "back to top" alone', () => {
    expect(nav('/mypage/edit', { status: neither, storedPrevious: '/mypage' })).toEqual({ menu: null, backLink: '/mypage' });
  });
});

describe('backLinkTarget', () => {
  it('the stored previous page, when it is a same-site path other than this page', () => {
    expect(backLinkTarget('/mypage/edit', '/mypage/login-history?page=2')).toBe('/mypage/login-history?page=2');
    expect(backLinkTarget('/mypage/edit', '/mypage/edit')).toBe('/mypage');
    expect(backLinkTarget('/mypage/edit', '/mypage/edit/?x')).toBe('/mypage');
  });

  it('My Page when nothing usable is stored', () => {
    for (const stored of [undefined, null, '', 42, 'mypage']) expect(backLinkTarget('/mypage/edit', stored)).toBe('/mypage');
  });

  it('My Page when the stored page is a flow step or /logout', () => {
    for (const stored of ['/logout', '/logout?x=1', '/mypage/edit/complete', '/withdraw/pin-code', '/mypage/email/edit/pin-code'])
      expect(backLinkTarget('/mypage/login-history', stored), stored).toBe('/mypage');
  });

  it.each(HOSTILE_REDIRECTS)('never leaves the site (%s)', (_what, value) => {
    expect(backLinkTarget('/mypage/edit', value)).toBe('/mypage');
  });

  it('fixed targets: completion pages, the e-mail code step, a connected app, after withdrawal', () => {
    expect(backLinkTarget('/mypage/user-id/edit/complete', '/plans')).toBe('/mypage');
    expect(backLinkTarget('/mypage/email/edit/pin-code', '/mypage')).toBe('/mypage/email/edit');
    expect(backLinkTarget('/mypage/connections/client/app-1', '/mypage')).toBe('/mypage/connections');
    expect(backLinkTarget('/withdraw/complete', '/mypage')).toBe('/');
  });
});

describe('isReturnablePage', () => {
  it('flow steps are not stored as the previous page', () => {
    expect(isReturnablePage('/mypage/login-history')).toBe(true);
    expect(isReturnablePage('/mypage/consent?type=newsletter')).toBe(true);
    expect(isReturnablePage('/mypage/edit/complete')).toBe(false);
    expect(isReturnablePage('/mypage/email/edit/pin-code')).toBe(false);
    expect(isReturnablePage('/withdraw/pin-code')).toBe(false);
    expect(isReturnablePage(SOCIAL_RELATE_ERROR_PATH)).toBe(false);
    expect(isReturnablePage('/logout')).toBe(false);
  });
});

describe('sliderScrollAfterStep', () => {
  it('moves 160 px a step within the scrollable range', () => {
    expect(SLIDER_STEP_PX).toBe(160);
    expect(sliderScrollAfterStep(0, 'forward', 500)).toBe(160);
    expect(sliderScrollAfterStep(400, 'forward', 500)).toBe(500);
    expect(sliderScrollAfterStep(100, 'back', 500)).toBe(0);
    expect(sliderScrollAfterStep(320, 'back', 500)).toBe(160);
    expect(sliderScrollAfterStep(0, 'forward', 0)).toBe(0);
    expect(sliderScrollAfterStep(0, 'forward', -5)).toBe(0);
  });
});
