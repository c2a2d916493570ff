import { describe, expect, it } from 'vitest';
import { contractTermsOf } from './contract-terms.ts';

describe('contractTermsOf', () => {
  it('a paid start: anchored on the purchase day, usable until the day before the next settlement', () => {
    expect(contractTermsOf({ firstPaymentDay: '2027-01-31', freeDays: 0, nextSettlementDay: '2027-02-28' })).toEqual({
      anchorDay: 31,
      firstPaymentDay: '2027-01-31',
      trialEndsOn: null,
      usableUntil: '2027-02-27',
    });
  });
  it('a trial: anchored on the first payment after the free days, the trial ends the day before', () => {
    expect(contractTermsOf({ firstPaymentDay: '2027-03-01', freeDays: 7, nextSettlementDay: '2027-03-01' })).toEqual({
      anchorDay: 1,
      firstPaymentDay: '2027-03-01',
      trialEndsOn: '2027-02-28',
      usableUntil: '2027-02-28',
    });
  });
  it('falls back to the first payment day when no next settlement day is given', () => {
    expect(contractTermsOf({ firstPaymentDay: '2028-03-01', freeDays: 1, nextSettlementDay: null }).usableUntil).toBe('2028-02-29');
  });
});
