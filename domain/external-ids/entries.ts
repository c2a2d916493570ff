// The My Page external-ID list (member area): each provider the store offers in one of three
// states. 'login': linked and the member's last way in besides it is missing, so it cannot be
// released; 'linked': may be released; 'notLinked': may be linked.
import { mayUnlink } from './unlink-rule.ts';

export const EXTERNAL_ID_TYPES = ['line', 'google', 'yahoojp', 'facebook'] as const;
export type ExternalIdType = (typeof EXTERNAL_ID_TYPES)[number];
export type ExternalIdState = 'login' | 'linked' | 'notLinked';
export type ExternalIdEntry = { userIdentifierType: ExternalIdType; state: ExternalIdState };

export function externalIdEntries(
  offered: readonly ExternalIdType[],
  linked: readonly ExternalIdType[],
  hasPassword: boolean,
): ExternalIdEntry[] {
  const releasable = mayUnlink({ hasPassword, linkedCount: linked.length });
  // A linked ID the store no longer offers still shows, so the member can see and release it.
  const types = EXTERNAL_ID_TYPES.filter((t) => offered.includes(t) || linked.includes(t));
  return types.map((t) => ({
    userIdentifierType: t,
    state: !linked.includes(t) ? 'notLinked' : releasable ? 'linked' : 'login',
  }));
}
