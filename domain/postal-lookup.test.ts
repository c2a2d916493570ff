import { describe, expect, it } from 'vitest';
import { canConfirmAddressChoice, canLookUpPostalCode, postalLookupAction } from './postal-lookup.ts';

describe('canLookUpPostalCode', () => {
  it('at least 7 digits', () => {
    expect(canLookUpPostalCode('1000001')).toBe(true);
    expect(canLookUpPostalCode('100-0001')).toBe(true);
    expect(canLookUpPostalCode('１００００１')).toBe(false);
    expect(canLookUpPostalCode('１０００００１')).toBe(true);
    expect(canLookUpPostalCode('100000')).toBe(false);
    expect(canLookUpPostalCode('')).toBe(false);
  });
});

describe('postalLookupAction', () => {
  const fresh = { code: '1000001', lastFilledCode: null };

  it('one result fills at once', () => {
    expect(postalLookupAction(1, fresh)).toBe('fill');
    expect(postalLookupAction(1, { code: '1000001', lastFilledCode: '5300001' })).toBe('fill');
  });

  it('several results open the choice dialog', () => {
    expect(postalLookupAction(3, fresh)).toBe('choose');
  });

  it('a repeat lookup of the code that filled opens the dialog even with one result', () => {
    expect(postalLookupAction(1, { code: '1000001', lastFilledCode: '1000001' })).toBe('choose');
  });

  it('no result is not found', () => {
    expect(postalLookupAction(0, fresh)).toBe('notFound');
    expect(postalLookupAction(0, { code: '1000001', lastFilledCode: '1000001' })).toBe('notFound');
  });
});

describe('canConfirmAddressChoice', () => {
  it('決定 waits for a pick', () => {
    expect(canConfirmAddressChoice(null)).toBe(false);
    expect(canConfirmAddressChoice(undefined)).toBe(false);
    expect(canConfirmAddressChoice({ key: '13|千代田区千代田' })).toBe(true);
  });
});
