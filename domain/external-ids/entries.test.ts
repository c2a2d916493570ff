import { describe, expect, it } from 'vitest';
import { externalIdEntries } from './entries.ts';

describe('externalIdEntries', () => {
  it('lists the offered providers in a fixed order, linked ones releasable with a password', () => {
    expect(externalIdEntries(['google', 'line'], ['google'], true)).toEqual([
      { userIdentifierType: 'line', state: 'notLinked' },
      { userIdentifierType: 'google', state: 'linked' },
    ]);
  });
  it('the only way in is "in use for login"; a second linked ID makes both releasable', () => {
    expect(externalIdEntries(['line', 'google'], ['line'], false).map((e) => e.state)).toEqual(['login', 'notLinked']);
    expect(externalIdEntries(['line', 'google'], ['line', 'google'], false).map((e) => e.state)).toEqual(['linked', 'linked']);
  });
  it('keeps a linked ID the store stopped offering', () => {
    expect(externalIdEntries(['line'], ['facebook'], true)).toEqual([
      { userIdentifierType: 'line', state: 'notLinked' },
      { userIdentifierType: 'facebook', state: 'linked' },
    ]);
  });
});
