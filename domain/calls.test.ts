import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type BodyArgs, fillPath, type Parts, partKeys, pathMatches, splitBody, unknownKeysOf } from './call-contract.ts';
import { type CallKey, calls } from './calls.ts';
import { PROFILE_FIELDS } from './validation/profile-field-list.ts';
import { publicWith, storeWith } from './validation/test-support.ts';

const settings = storeWith({ features: { userId: true } });
const args: BodyArgs = {
  store: { settings, publicSettings: publicWith({ features: { userId: true } }) },
  now: new Date('2026-11-27T00:00:00Z'),
};

/** The keys each part of a row allows, for a body (the login's parts depend on it). */
const keysOf = (key: CallKey, raw: Record<string, unknown> = {}) => {
  const build = calls[key].body as ((a: BodyArgs, r: Record<string, unknown>) => Parts) | null;
  return build ? build(args, raw).map((p) => [...(partKeys(p) ?? ['*'])].sort()) : null;
};
const sorted = (...keys: string[]) => [...keys].sort();

describe('the call table: the keys each body may carry (as the routes listed them by hand before)', () => {
  it.each([
    ['POST /login', {}, [sorted('emailUserId', 'password'), sorted('botToken', 'redirectTo')]],
    [
      'POST /login',
      { userIdentifierMethod: 'AuthCode' },
      [sorted('authCode', 'userIdentifierMethod', 'emailUserId'), sorted('botToken', 'redirectTo')],
    ],
    ['POST /oidc/login', {}, [sorted('emailUserId', 'password'), sorted('botToken', 'uid')]],
    ['POST /login/code', {}, [sorted('emailUserId', 'isAmaltheaLogin'), sorted('botToken', 'redirectTo')]],
    ['POST /oidc/login/code', {}, [sorted('emailUserId', 'isAmaltheaLogin'), sorted('botToken', 'uid')]],
    ['POST /zapi/signup/policy', {}, [sorted('policyConsentData', 'redirectTo')]],
    ['POST /zapi/signup/email', {}, [sorted('type', 'email', 'policyConsentData', 'botToken', 'redirectTo')]],
    ['POST /zapi/oidc/signup/email', {}, [sorted('type', 'email', 'policyConsentData', 'botToken', 'uid')]],
    ['POST /zapi/signup/pin-code', {}, [['pinCode']]],
    [
      'POST /zapi/signup',
      {},
      [sorted(...PROFILE_FIELDS, 'customAssociatedInfo', 'password', 'passwordConfirm'), sorted('policyConsentData', 'botToken')],
    ],
    ['POST /zapi/account/user-id/verify', {}, [['userId']]],
    ['POST /zapi/account/email/send-pin-code', {}, [sorted('email', 'type')]],
    ['POST /zapi/auth/password/forgot', {}, [['email']]],
    ['POST /zapi/auth/password/reset', {}, [sorted('token', 'password', 'passwordConfirm')]],
    ['POST /zapi/auth/social/disable', {}, [sorted('userIdentifierType', 'userIdentifierMethod')]],
    ['POST /zapi/account/email/edit/send-pin-code', {}, [sorted('email', 'type')]],
    ['POST /zapi/account/email/edit', {}, [sorted('email', 'pinCode')]],
    ['POST /zapi/account/enable-password', {}, [sorted('pinCode', 'password', 'passwordConfirm')]],
    ['POST /zapi/account/password/edit', {}, [sorted('oldPassword', 'newPassword')]],
    ['POST /zapi/account/user-id/edit', {}, [sorted('userId', 'password')]],
    ['POST /zapi/account/edit', {}, [sorted('optionalInfo', 'customAssociatedInfo')]],
    ['POST /zapi/account/profile-image', {}, [['profileImage']]],
    ['POST /zapi/account/consent', {}, [sorted('consentOptionId', 'key', 'value')]],
    ['POST /zapi/account/pinCode/set', {}, [['pinCode']]],
    ['POST /zapi/account/withdraw/confirm', {}, [sorted('consent', 'surveyAnswers')]],
    ['DELETE /zapi/account/withdraw', {}, [['pinCode']]],
    ['POST /zapi/purchase/form/:planId', {}, [sorted('planId', 'paymentMethodId', 'campaignCode', 'surveyAnswers')]],
    ['POST /zapi/purchase/verify/:planId', {}, [sorted('planId', 'paymentMethodId', 'campaignCode', 'surveyAnswers')]],
    ['POST /zapi/purchase/:planId', {}, [sorted('purchaseToken', 'tds2infoToken', 'tds2infoTokenKey')]],
    ['POST /zapi/account/payment-method/credit', {}, [sorted('token', 'tokenKey', 'tds2infoToken', 'tds2infoTokenKey', 'redirectTo')]],
    ['POST /zapi/account/payment-method/link', {}, [sorted('paymentMethodType', 'redirectTo')]],
    ['POST /zapi/subscription/:id/change-payment-method', {}, [['paymentMethodId']]],
    ['POST /zapi/subscription/:id/withdraw', {}, [['surveyAnswers']]],
    ['POST /api/streaks/playback/fetch', {}, [['refId']]],
  ] as const)('%s %j', (key, raw, expected) => {
    expect(keysOf(key, raw)).toEqual(expected);
  });

  it('rows that read no body', () => {
    const none = (Object.keys(calls) as CallKey[]).filter((k) => calls[k].body === null);
    expect(none.sort()).toEqual(
      [
        'DELETE /zapi/account/payment-method/:id',
        'GET /zapi/account/payment-history/:page',
        'GET /zapi/account/payment-method/paypal',
        'GET /zapi/postal-code/:code',
        'POST /zapi/oidc/revoke/grant/:grantId',
        'POST /zapi/subscription/:id/re-settlement',
        'POST /zapi/subscription/:id/withdraw/cancel',
      ].sort(),
    );
  });
});

describe('the contract helpers', () => {
  const parts: Parts = [{ schema: z.object({ a: z.string() }) }, { schema: z.object({ b: z.string() }) }];

  it('gives later parts their own keys and the first part everything else', () => {
    expect(splitBody(parts, { a: '1', b: '2', c: '3' })).toEqual([{ a: '1', c: '3' }, { b: '2' }]);
    expect(unknownKeysOf(parts[0], { a: '1', c: '3' })).toEqual(['c']);
  });

  it('allows any key of a loose object, and the keys of an object through pipes and refinements', () => {
    expect(partKeys({ schema: z.looseObject({ a: z.string() }) })).toBeNull();
    expect(partKeys({ schema: z.object({ a: z.string() }).transform((v) => v.a) })).toEqual(['a']);
    expect(partKeys({ schema: z.object({ a: z.string() }).superRefine(() => {}) })).toEqual(['a']);
    expect(partKeys({ schema: z.object({ a: z.string() }), keys: ['x'] })).toEqual(['x']);
  });

  it('fills and matches path parameters', () => {
    expect(fillPath('/zapi/purchase/:planId', { planId: 'a b/c' })).toBe('/zapi/purchase/a%20b%2Fc');
    expect(() => fillPath('/zapi/purchase/:planId')).toThrow(/planId/);
    expect(pathMatches('/zapi/subscription/:id/withdraw', '/zapi/subscription/x/withdraw')).toBe(true);
    expect(pathMatches('/zapi/subscription/:id/withdraw', '/zapi/subscription/x/withdraw/cancel')).toBe(false);
    expect(pathMatches('/zapi/purchase/:planId', '/zapi/purchase/')).toBe(false);
  });
});
