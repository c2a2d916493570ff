/** A page of an app's sign-in through the store, for its interaction: `/oidc/login?uid=...` (decision 0023). */
export const interactionHref = (path: string, uid: string, extra: Record<string, string> = {}) =>
  `${path}?${new URLSearchParams({ uid, ...extra })}`;
