// A consent option's toggle on /mypage/consent (spec 4 "Consent toggle"): it flips to the opposite
// value only after a successful call, is disabled while the call runs, and on failure keeps its
// value and shows '更新に失敗しました。'.
import type { ConsentBody, ConsentType } from '../validation/consent.ts';

export type ConsentToggleState = {
  value: boolean;
  /** A call is running: the toggle is disabled. */
  pending: boolean;
  /** The last call failed: the failure text shows. */
  failed: boolean;
};

export type ConsentToggleEvent = { type: 'start' } | { type: 'succeeded' } | { type: 'failed' };

export function initialToggleState(value: boolean): ConsentToggleState {
  return { value, pending: false, failed: false };
}

/** The next state. A press while a call runs is ignored; an answer without a call changes nothing. */
export function consentToggle(state: ConsentToggleState, event: ConsentToggleEvent): ConsentToggleState {
  switch (event.type) {
    case 'start':
      return state.pending ? state : { value: state.value, pending: true, failed: false };
    case 'succeeded':
      return state.pending ? { value: !state.value, pending: false, failed: false } : state;
    case 'failed':
      return state.pending ? { value: state.value, pending: false, failed: true } : state;
  }
}

/** The body of POST /zapi/account/consent for a press: the opposite of the shown value. */
export function consentRequest(option: { consentOptionId: string; key: ConsentType }, state: ConsentToggleState): ConsentBody {
  return { consentOptionId: option.consentOptionId, key: option.key, value: !state.value };
}

/**
 * The options of one consent screen with the member's values: what they chose, else the
 * option's default. Options of the other screen are left out; settings order is kept.
 */
export function consentOptionValues<O extends { consentOptionId: string; key: ConsentType; defaultValue: boolean }>(
  options: readonly O[],
  type: ConsentType,
  chosen: Readonly<Record<string, boolean>>,
): (O & { value: boolean })[] {
  return options
    .filter((o) => o.key === type)
    .map((o) => ({ ...o, value: Object.hasOwn(chosen, o.consentOptionId) ? Boolean(chosen[o.consentOptionId]) : o.defaultValue }));
}
