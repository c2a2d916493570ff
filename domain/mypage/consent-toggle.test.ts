import { describe, expect, it } from 'vitest';
import { consentOptionValues, consentRequest, consentToggle, initialToggleState } from './consent-toggle.ts';

describe('consentToggle', () => {
  const off = initialToggleState(false);

  it('is disabled while the call runs and flips only after success', () => {
    const running = consentToggle(off, { type: 'start' });
    expect(running).toEqual({ value: false, pending: true, failed: false });
    expect(consentToggle(running, { type: 'succeeded' })).toEqual({ value: true, pending: false, failed: false });
  });

  it('keeps the value and shows the failure when the call fails', () => {
    const failed = consentToggle(consentToggle(off, { type: 'start' }), { type: 'failed' });
    expect(failed).toEqual({ value: false, pending: false, failed: true });
    // The next press clears the failure text while it runs.
    expect(consentToggle(failed, { type: 'start' })).toEqual({ value: false, pending: true, failed: false });
  });

  it('ignores a press while running and answers without a call', () => {
    const running = consentToggle(initialToggleState(true), { type: 'start' });
    expect(consentToggle(running, { type: 'start' })).toBe(running);
    expect(consentToggle(off, { type: 'succeeded' })).toBe(off);
    expect(consentToggle(off, { type: 'failed' })).toBe(off);
  });
});

describe('consentRequest', () => {
  it('asks for the opposite of the shown value', () => {
    const option = { consentOptionId: 'news', key: 'newsletter' as const };
    expect(consentRequest(option, initialToggleState(false))).toEqual({ consentOptionId: 'news', key: 'newsletter', value: true });
    expect(consentRequest(option, initialToggleState(true)).value).toBe(false);
  });
});

describe('consentOptionValues', () => {
  const options = [
    { consentOptionId: 'news', key: 'newsletter' as const, defaultValue: true },
    { consentOptionId: 'ads', key: 'privacy' as const, defaultValue: false },
    { consentOptionId: 'events', key: 'newsletter' as const, defaultValue: false },
  ];

  it('the screen options with the member value, else the default', () => {
    expect(consentOptionValues(options, 'newsletter', { events: true })).toEqual([
      { consentOptionId: 'news', key: 'newsletter', defaultValue: true, value: true },
      { consentOptionId: 'events', key: 'newsletter', defaultValue: false, value: true },
    ]);
    expect(consentOptionValues(options, 'newsletter', { news: false }).map((o) => o.value)).toEqual([false, false]);
    expect(consentOptionValues(options, 'privacy', {})).toEqual([
      { consentOptionId: 'ads', key: 'privacy', defaultValue: false, value: false },
    ]);
    expect(consentOptionValues(options, 'privacy', { toString: true })[0]?.value).toBe(false);
  });
});
