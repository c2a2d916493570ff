import { describe, expect, it } from 'vitest';
import { consentBodySchema, consentOptionFor } from './consent.ts';
import { keys, ok } from './test-support.ts';

describe('consentBodySchema (POST /zapi/account/consent)', () => {
  it('takes the option, its screen and the new value', () => {
    expect(ok(consentBodySchema, { consentOptionId: 'news', key: 'newsletter', value: true, x: 1 })).toEqual({
      consentOptionId: 'news',
      key: 'newsletter',
      value: true,
    });
    expect(ok(consentBodySchema, { consentOptionId: 'ads', key: 'privacy', value: false }).value).toBe(false);
  });

  it('refuses other keys, non-boolean values and a missing option', () => {
    expect(keys(consentBodySchema, { consentOptionId: 'news', key: 'terms', value: true })).toEqual({ key: ['common.invalidOption'] });
    expect(keys(consentBodySchema, { consentOptionId: 'news', key: 'newsletter', value: 'true' })).toEqual({ value: ['common.invalid'] });
    expect(keys(consentBodySchema, { consentOptionId: '', key: 'newsletter', value: true })).toEqual({
      consentOptionId: ['common.invalid'],
    });
    expect(keys(consentBodySchema, {})).toEqual({
      consentOptionId: ['common.invalid'],
      key: ['common.invalidOption'],
      value: ['common.invalid'],
    });
  });
});

describe('consentOptionFor', () => {
  const options = [
    { consentOptionId: 'news', key: 'newsletter' as const },
    { consentOptionId: 'ads', key: 'privacy' as const },
  ];

  it('the option of that screen, or null', () => {
    expect(consentOptionFor(options, { consentOptionId: 'news', key: 'newsletter' })).toBe(options[0]);
    expect(consentOptionFor(options, { consentOptionId: 'news', key: 'privacy' })).toBeNull();
    expect(consentOptionFor(options, { consentOptionId: 'other', key: 'newsletter' })).toBeNull();
  });
});
