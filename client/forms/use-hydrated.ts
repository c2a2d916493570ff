import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server's HTML and during hydration, true once React runs in the browser.
 * Submit buttons stay disabled until then (drawn as they will look, see SubmitButton): before
 * hydration a press would send the form the browser's way (its fields in the address bar).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
